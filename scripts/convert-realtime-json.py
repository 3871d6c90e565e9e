#!/usr/bin/env python3
"""Converts GTFS-Realtime JSON snapshots (proto field names or lowerCamelCase) to binary FeedMessages.

    pip install gtfs-realtime-bindings
    scripts/convert-realtime-json.py IN.json OUT.pb [IN.json OUT.pb ...]

`google.protobuf.json_format.Parse` then `SerializeToString`; the result is parsed back and
compared with the JSON's message, and the script fails if they differ. Used for the Sound Transit
captures in Tests/Fixtures/realtime/onebusaway-soundtransit/ (see its SOURCES.md).
"""
import sys

from google.protobuf import json_format
from google.transit import gtfs_realtime_pb2


def convert(source, target):
    with open(source, encoding="utf-8") as handle:
        message = json_format.Parse(handle.read(), gtfs_realtime_pb2.FeedMessage())
    body = message.SerializeToString()
    back = gtfs_realtime_pb2.FeedMessage()
    back.ParseFromString(body)
    if back != message:
        sys.exit(f"{source}: the binary message does not parse back to the JSON's")
    with open(target, "wb") as handle:
        handle.write(body)
    print(f"{source} -> {target}: {len(body)} bytes, {len(message.entity)} entities")


if __name__ == "__main__":
    arguments = sys.argv[1:]
    if not arguments or len(arguments) % 2:
        sys.exit(__doc__)
    for index in range(0, len(arguments), 2):
        convert(arguments[index], arguments[index + 1])
