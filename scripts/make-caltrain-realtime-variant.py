#!/usr/bin/env python3
"""Writes Tests/Fixtures/realtime-boards/SYNTHETIC_ct-trip-updates-canceled-duplicated.pb: the real
Caltrain TripUpdates capture (Tests/Fixtures/realtime/transitland-caltrain/ct-trip-updates.pb) with
trip 312 CANCELED (its stop time updates removed) and a DUPLICATED copy of trip 310 starting 30 min
later (16:27:00 -> 16:57:00, so 16:55 at Hillsdale 70112 becomes an extra 17:25). Needs
`pip install gtfs-realtime-bindings`. Run from the package root."""
from google.transit import gtfs_realtime_pb2 as g

SOURCE = "Tests/Fixtures/realtime/transitland-caltrain/ct-trip-updates.pb"
TARGET = "Tests/Fixtures/realtime-boards/SYNTHETIC_ct-trip-updates-canceled-duplicated.pb"

feed = g.FeedMessage()
with open(SOURCE, "rb") as f:
    feed.ParseFromString(f.read())
for entity in feed.entity:
    if entity.trip_update.trip.trip_id == "312":
        entity.trip_update.trip.schedule_relationship = g.TripDescriptor.CANCELED
        del entity.trip_update.stop_time_update[:]
copy = feed.entity.add()
copy.id = "310-duplicated"
copy.trip_update.trip.trip_id = "310"
copy.trip_update.trip.start_date = "20231107"
copy.trip_update.trip.start_time = "16:57:00"
copy.trip_update.trip.schedule_relationship = g.TripDescriptor.DUPLICATED
with open(TARGET, "wb") as f:
    f.write(feed.SerializeToString())
