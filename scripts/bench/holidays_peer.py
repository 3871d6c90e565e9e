#!/usr/bin/env python3
"""Peer benchmark for JapaneseHolidays: what a Python user would otherwise use.

Asks "is this a holiday, and what is its name?" for every day of FIRST..LAST with the PyPI
packages `holidays` (country JP, names in Japanese) and `jpholiday`, and prints one
machine-readable line per package:

  PEER {"package": "holidays", "version": "0.109", "days": 52960, "holiday_days": 2241,
        "cold_days_per_s": ..., "best_days_per_s": ..., "median_days_per_s": ...,
        "mismatched_dates": 0, "mismatch_examples": []}

`cold` is the first pass over a freshly built object (lazy per-year expansion included); best and
median are over the following passes. With `--compare FILE` (one YYYY-MM-DD holiday per line, what
leavenow answered) it also counts the dates on which the package disagrees.
A package that is not installed prints `PEER {"package": ..., "error": "not installed ..."}`.

Usage: holidays_peer.py [--first 1955-01-01] [--last 2099-12-31] [--runs 7] [--compare FILE]
Install the peers with: python3 -m pip install holidays jpholiday
"""
import argparse
import datetime
import importlib
import importlib.metadata
import json
import statistics
import time


def days_between(first, last):
    day, one = first, datetime.timedelta(days=1)
    result = []
    while day <= last:
        result.append(day)
        day += one
    return result


def make_holidays_lookup():
    holidays = importlib.import_module("holidays")
    calendar = holidays.JP(language="ja")
    return calendar.get


def make_jpholiday_lookup():
    jpholiday = importlib.import_module("jpholiday")
    return jpholiday.is_holiday_name


PEERS = [("holidays", make_holidays_lookup), ("jpholiday", make_jpholiday_lookup)]


def one_pass(lookup, days):
    found = 0
    start = time.perf_counter()
    for day in days:
        if lookup(day) is not None:
            found += 1
    return time.perf_counter() - start, found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--first", default="1955-01-01")
    parser.add_argument("--last", default="2099-12-31")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--compare")
    args = parser.parse_args()
    days = days_between(datetime.date.fromisoformat(args.first), datetime.date.fromisoformat(args.last))
    expected = None
    if args.compare:
        with open(args.compare, encoding="utf-8") as handle:
            expected = {line.strip() for line in handle if line.strip()}

    for package, make in PEERS:
        try:
            version = importlib.metadata.version(package)
            lookup = make()
        except (ImportError, importlib.metadata.PackageNotFoundError) as error:
            print("PEER " + json.dumps({"package": package, "error": f"not installed ({error})"}), flush=True)
            continue
        cold_seconds, found = one_pass(lookup, days)
        seconds = [one_pass(lookup, days)[0] for _ in range(max(1, args.runs))]
        line = {
            "package": package,
            "version": version,
            "days": len(days),
            "holiday_days": found,
            "cold_days_per_s": len(days) / cold_seconds,
            "best_days_per_s": len(days) / min(seconds),
            "median_days_per_s": len(days) / statistics.median(seconds),
        }
        if expected is not None:
            answered = {day.isoformat() for day in days if lookup(day) is not None}
            differing = sorted(answered.symmetric_difference(expected))
            line["mismatched_dates"] = len(differing)
            line["mismatch_examples"] = [
                f"{day} ({'only ' + package if day in answered else 'only leavenow'})" for day in differing[:5]
            ]
        print("PEER " + json.dumps(line, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()
