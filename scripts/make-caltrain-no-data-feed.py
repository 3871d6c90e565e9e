#!/usr/bin/env python3
"""Writes Tests/Fixtures/realtime-boards/SYNTHETIC_ct-trip-updates-no-data.pb: a small SYNTHETIC
GTFS-Realtime TripUpdates feed for the Caltrain fixture (ct.zip), observed 2023-11-07 17:05:34 PST
like the real capture, with three trips at Hillsdale 70112:

- trip 310 (16:55 at 70112, stop_sequence 4): 60 s late at stop_sequence 2, NO_DATA at 4;
- trip 126 (17:17, stop_sequence 10): SKIPPED at 10;
- trip 710 (17:31, stop_sequence 3): departs 120 s late at 3.

Standard library only: the protobuf wire format is written by hand (field numbers from
gtfs-realtime.proto). Run from the package root.
"""

TARGET = "Tests/Fixtures/realtime-boards/SYNTHETIC_ct-trip-updates-no-data.pb"
OBSERVED = 1699405534  # 2023-11-07T17:05:34-08:00


def varint(value):
    if value < 0:
        value += 1 << 64  # int32 / int64 negatives: ten bytes, two's complement
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def number(field, value):
    return varint(field << 3) + varint(value)


def text(field, value):
    data = value.encode("utf-8")
    return varint(field << 3 | 2) + varint(len(data)) + data


def message(field, *parts):
    data = b"".join(parts)
    return varint(field << 3 | 2) + varint(len(data)) + data


SCHEDULED, SKIPPED, NO_DATA = 0, 1, 2


def stop_time_update(sequence, relationship=SCHEDULED, departure_delay=None):
    parts = [number(1, sequence)]
    if departure_delay is not None:
        parts.append(message(3, number(1, departure_delay)))  # StopTimeEvent.delay
    if relationship != SCHEDULED:
        parts.append(number(5, relationship))
    return message(2, *parts)


def entity(identifier, trip, *updates):
    descriptor = message(1, text(1, trip), text(3, "20231107"))  # trip_id, start_date
    return message(2, text(1, identifier), message(3, descriptor, *updates))  # FeedEntity.trip_update


feed = b"".join([
    message(1, text(1, "2.0"), number(2, 0), number(3, OBSERVED)),  # header: version, FULL_DATASET, timestamp
    entity("310", "310", stop_time_update(2, departure_delay=60), stop_time_update(4, NO_DATA)),
    entity("126", "126", stop_time_update(10, SKIPPED)),
    entity("710", "710", stop_time_update(3, departure_delay=120)),
])
with open(TARGET, "wb") as handle:
    handle.write(feed)
print(TARGET, len(feed), "bytes")
