#!/usr/bin/env python3
"""Local HTTP server for leavenow-realtime-bench's refresh figure (gtfs-realtime-bindings + stdlib).

Builds two versions of a GTFS-Realtime TripUpdates feed for a GTFS static feed and a service
date with the Python gtfs-realtime-bindings (real protobuf bytes, never hand-encoded): up to
--trips trips running that date (in trip_id order), each with a StopTimeUpdate for every stop
of the trip (arrival and departure: time and delay). Version "a" and "b" differ in their delays,
so a client alternating them gets a new body each time.

Listens on 127.0.0.1 on a free port (HTTP/1.1, keep-alive) and prints the port as the first line
of stdout (what TestServers' ScriptServer reads), or "error: <why>" when it cannot start. Exits after --lifetime seconds or when stdin closes.

Endpoints: /a.pb and /b.pb (application/x-protobuf, with an ETag; If-None-Match -> 304).

  realtime-bench-server.py --gtfs ct.zip --date 20231107 --timezone America/Los_Angeles --timestamp EPOCH [--trips 100]
"""

import argparse
import csv
import datetime
import hashlib
import io
import socket
import sys
import threading
import zipfile
import zoneinfo
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def rows(archive, name):
    with archive.open(name) as raw:
        return list(csv.DictReader(io.TextIOWrapper(raw, encoding="utf-8-sig")))


def services_on(archive, date):
    """The service_ids running on `date` (YYYYMMDD): calendar.txt, then calendar_dates.txt exceptions."""
    day = datetime.datetime.strptime(date, "%Y%m%d").date()
    weekday = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"][day.weekday()]
    names = archive.namelist()
    running = set()
    if "calendar.txt" in names:
        for row in rows(archive, "calendar.txt"):
            if row[weekday] == "1" and row["start_date"] <= date <= row["end_date"]:
                running.add(row["service_id"])
    if "calendar_dates.txt" in names:
        for row in rows(archive, "calendar_dates.txt"):
            if row["date"] == date:
                (running.add if row["exception_type"] == "1" else running.discard)(row["service_id"])
    return running


def seconds(text):
    h, m, s = (int(part) for part in text.split(":"))
    return h * 3600 + m * 60 + s


def build(args):
    """The trips chosen and their stops: [(trip_id, route_id, [(stop_sequence, stop_id, scheduled departure epoch)])]."""
    from google.transit import gtfs_realtime_pb2  # noqa: F401 (fail early with a clear message)

    archive = zipfile.ZipFile(args.gtfs)
    running = services_on(archive, args.date)
    trips = sorted((row for row in rows(archive, "trips.txt") if row["service_id"] in running), key=lambda r: r["trip_id"])
    trips = trips[: args.trips]
    wanted = {row["trip_id"]: row for row in trips}
    stops = {trip: [] for trip in wanted}
    for row in rows(archive, "stop_times.txt"):
        if row["trip_id"] in wanted:
            stops[row["trip_id"]].append((int(row["stop_sequence"]), row["stop_id"], seconds(row["departure_time"])))
    # GTFS times count from noon minus 12 h of the service date, local time.
    day = datetime.datetime.strptime(args.date, "%Y%m%d")
    noon = datetime.datetime(day.year, day.month, day.day, 12, tzinfo=zoneinfo.ZoneInfo(args.timezone))
    origin = int(noon.timestamp()) - 12 * 3600
    return [(trip["trip_id"], trip["route_id"], [(seq, stop, origin + dep) for seq, stop, dep in sorted(stops[trip["trip_id"]])])
            for trip in trips]


def encode(trips, args, shift):
    """One version of the feed: trip k's delay is ((k + shift) % 6) minutes at every stop."""
    from google.transit import gtfs_realtime_pb2

    feed = gtfs_realtime_pb2.FeedMessage()
    feed.header.gtfs_realtime_version = "2.0"
    feed.header.incrementality = gtfs_realtime_pb2.FeedHeader.FULL_DATASET
    feed.header.timestamp = args.timestamp
    for k, (trip_id, route_id, stops) in enumerate(trips):
        entity = feed.entity.add()
        entity.id = trip_id
        update = entity.trip_update
        update.trip.trip_id = trip_id
        update.trip.route_id = route_id
        update.trip.start_date = args.date
        update.timestamp = args.timestamp
        delay = ((k + shift) % 6) * 60
        for sequence, stop_id, departure in stops:
            stu = update.stop_time_update.add()
            stu.stop_sequence = sequence
            stu.stop_id = stop_id
            stu.arrival.time = departure + delay
            stu.arrival.delay = delay
            stu.departure.time = departure + delay
            stu.departure.delay = delay
    return feed.SerializeToString()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gtfs", required=True)
    parser.add_argument("--date", required=True, help="service date, YYYYMMDD")
    parser.add_argument("--timezone", required=True)
    parser.add_argument("--timestamp", type=int, required=True, help="the header's timestamp (epoch seconds)")
    parser.add_argument("--trips", type=int, default=100)
    parser.add_argument("--lifetime", type=float, default=60)
    args = parser.parse_args()
    try:
        trips = build(args)
        if not trips:
            raise ValueError("no trip of %s runs on %s" % (args.gtfs, args.date))
        bodies = {"/a.pb": encode(trips, args, 0), "/b.pb": encode(trips, args, 3)}
    except Exception as error:  # the first line is what ScriptServer reports
        print("error: %s: %s" % (type(error).__name__, error), flush=True)
        return 1
    etags = {path: '"%s"' % hashlib.sha1(body).hexdigest()[:16] for path, body in bodies.items()}

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def setup(self):
            super().setup()
            # Headers and body are two writes: without TCP_NODELAY, Nagle holds the body until the
            # client's delayed ACK of the headers (40 ms on Linux), and the fetch would measure that.
            self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

        def do_GET(self):
            body = bodies.get(self.path)
            if body is None:
                self.send_response(404)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            if self.headers.get("If-None-Match") == etags[self.path]:
                self.send_response(304)
                self.send_header("ETag", etags[self.path])
                self.end_headers()
                return
            self.send_response(200)
            self.send_header("Content-Type", "application/x-protobuf")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("ETag", etags[self.path])
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *_):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    stdin = threading.Thread(target=sys.stdin.read, daemon=True)
    stdin.start()
    stdin.join(args.lifetime)
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
