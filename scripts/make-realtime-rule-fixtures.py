#!/usr/bin/env python3
"""Writes the recorded realtime of Tests/Fixtures/realtime-rules/fixtures/realtime/hillsdale/0/: the
real Caltrain TripUpdates capture (Tests/Fixtures/realtime/transitland-caltrain/ct-trip-updates.pb)
re-stamped at each fetch time, with trip 310's update at Hillsdale (stop 70112, 16:55 in the
timetable) set to the delay of that snapshot and, from 17:30 (snapshots at 17:30 and 17:44), trip 312 (17:55 at 70112) CANCELED.
Every other entity is as captured. Needs `pip install gtfs-realtime-bindings`. Run from the package root."""
import calendar
import os
import time
from google.transit import gtfs_realtime_pb2 as g

SOURCE = "Tests/Fixtures/realtime/transitland-caltrain/ct-trip-updates.pb"
TARGET = "Tests/Fixtures/realtime-rules/fixtures/realtime/hillsdale/0"
SCHEDULED_310 = calendar.timegm(time.strptime("2023-11-08T00:55:00", "%Y-%m-%dT%H:%M:%S"))  # 16:55 PST

# (fetch time in Pacific standard time, trip 310 delay in seconds, trip 312 canceled)
SNAPSHOTS = [("16:30:00", 0, False), ("16:43:00", 240, False), ("16:45:00", 300, False), ("17:30:00", 0, True), ("17:44:00", 0, True)]

os.makedirs(TARGET, exist_ok=True)
for wall, delay, cancel_312 in SNAPSHOTS:
    feed = g.FeedMessage()
    with open(SOURCE, "rb") as f:
        feed.ParseFromString(f.read())
    hours, minutes, seconds = map(int, wall.split(":"))
    fetched = calendar.timegm((2023, 11, 7, hours + 8, minutes, seconds))  # PST is UTC-8
    feed.header.timestamp = fetched
    for entity in feed.entity:
        update = entity.trip_update
        if update.trip.trip_id == "310":
            for stop in update.stop_time_update:
                if stop.stop_id == "70112":
                    stop.arrival.time = SCHEDULED_310 + delay
                    stop.departure.time = SCHEDULED_310 + delay
        if update.trip.trip_id == "312" and cancel_312:
            update.trip.schedule_relationship = g.TripDescriptor.CANCELED
            del update.stop_time_update[:]
    with open(f"{TARGET}/2023-11-07T{wall}-08:00.pb", "wb") as f:
        f.write(feed.SerializeToString())
