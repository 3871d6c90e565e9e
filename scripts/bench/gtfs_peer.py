#!/usr/bin/env python3
"""The pandas-based peer of leavenow's GTFS benchmark (Sources/leavenow-bench/GTFSBench.swift).

Loads a GTFS directory with partridge or gtfs-kit (pip install partridge gtfs-kit), then builds the
departure boards of the given stops for one service date with the same rules as leavenow:
a stop time departs when its trip's service runs that date (calendar.txt weekday flags within
start/end + calendar_dates.txt add/remove), departure_time is present, pickup_type is not 1 and the
trip has a later stop. Prints one parseable line:

  PEER library=partridge version=1.1.2 runs=5 best_s=1.234 median_s=1.300 mb=61.2 best_mb_s=49.6 departures=12345

Timing covers reading the feed and building the boards, not importing the library.
"""
import argparse
import datetime
import os
import statistics
import sys
import time

FILES = ["agency.txt", "stops.txt", "routes.txt", "trips.txt", "stop_times.txt", "calendar.txt", "calendar_dates.txt"]


def active_services(calendar, calendar_dates, date):
    """service_ids running on `date` (YYYYMMDD string)."""
    day = datetime.date(int(date[:4]), int(date[4:6]), int(date[6:]))
    weekday = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"][day.weekday()]
    running = set()
    if calendar is not None and len(calendar):
        start = calendar["start_date"].astype(str).str.replace("-", "")
        end = calendar["end_date"].astype(str).str.replace("-", "")
        mask = (calendar[weekday].astype(int) == 1) & (start <= date) & (end >= date)
        running = set(calendar.loc[mask, "service_id"])
    if calendar_dates is not None and len(calendar_dates):
        dates = calendar_dates["date"].astype(str).str.replace("-", "")
        today = calendar_dates[dates == date]
        kinds = today["exception_type"].astype(int)
        running |= set(today.loc[kinds == 1, "service_id"])
        running -= set(today.loc[kinds == 2, "service_id"])
    return running


def boards(stop_times, trips, calendar, calendar_dates, stop_ids, date, seconds):
    """Departures per stop, sorted by time; returns the total count."""
    import pandas as pd
    running = active_services(calendar, calendar_dates, date)
    last = stop_times.groupby("trip_id", sort=False)["stop_sequence"].transform("max")
    departs = stop_times["stop_sequence"].astype(int) < last.astype(int)
    if "pickup_type" in stop_times:
        departs &= stop_times["pickup_type"].fillna(0).astype(int) != 1
    chosen = stop_times[departs & stop_times["stop_id"].isin(stop_ids)]
    chosen = chosen[chosen["departure_time"].notna() & (chosen["departure_time"].astype(str) != "")]
    chosen = chosen.merge(trips[["trip_id", "route_id", "service_id", "trip_headsign"]], on="trip_id")
    chosen = chosen[chosen["service_id"].isin(running)]
    chosen = chosen.assign(t=seconds(chosen["departure_time"])).sort_values(["stop_id", "t"])
    total = 0
    for _, board in chosen.groupby("stop_id", sort=False):
        total += len(board)
    return total


def hms_seconds(series):
    parts = series.astype(str).str.strip().str.split(":", expand=True).astype(int)
    return parts[0] * 3600 + parts[1] * 60 + parts[2]


def run_partridge(path, stop_ids, date):
    import partridge as ptg
    feed = ptg.load_feed(path)
    # partridge parses times into seconds (float) while loading.
    return boards(feed.stop_times, feed.trips, feed.calendar, feed.calendar_dates, stop_ids, date, lambda s: s)


def run_gtfs_kit(path, stop_ids, date):
    import gtfs_kit as gk
    feed = gk.read_feed(path, dist_units="km")
    return boards(feed.stop_times, feed.trips, feed.calendar, feed.calendar_dates, stop_ids, date, hms_seconds)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("feed", help="an unpacked GTFS directory")
    parser.add_argument("--stops", required=True, help="a file with one stop_id per line")
    parser.add_argument("--date", required=True, help="service date YYYYMMDD")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--library", choices=["partridge", "gtfs_kit"], default="partridge")
    args = parser.parse_args()

    with open(args.stops, encoding="utf-8") as handle:
        stop_ids = [line.strip() for line in handle if line.strip()]
    size = sum(os.path.getsize(os.path.join(args.feed, name)) for name in FILES if os.path.exists(os.path.join(args.feed, name)))
    if args.library == "partridge":
        import partridge as module
        runner = run_partridge
    else:
        import gtfs_kit as module
        runner = run_gtfs_kit
    import pandas  # noqa: F401  (imported before timing)

    times, departures = [], 0
    for _ in range(args.runs):
        start = time.perf_counter()
        departures = runner(args.feed, stop_ids, args.date)
        times.append(time.perf_counter() - start)
    best, median = min(times), statistics.median(times)
    mb = size / 1e6
    version = getattr(module, "__version__", "?")
    print(f"PEER library={args.library} version={version} pandas={pandas.__version__} runs={args.runs} "
          f"best_s={best:.4f} median_s={median:.4f} mb={mb:.2f} best_mb_s={mb / best:.2f} departures={departures}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
