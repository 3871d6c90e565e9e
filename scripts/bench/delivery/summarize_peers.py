#!/usr/bin/env python3
"""Turns run-peers.sh's raw measurements into a table of medians (stdout) and a JSON file.

  summarize_peers.py RAW.tsv OUT.json [--versions JSON] [--settings JSON]

RAW.tsv lines: name, run, field, value (or "failed"), % of CPU busy (others) just before.
OUT.json: {"machine": {...}, "versions": {...}, "settings": {...},
           "results": {name: {field: {"median": m, "values": [...], "failed": k}, "other_load_pct": [...]}}}
"""
import argparse
import json
import os
import platform
import statistics
import sys

UNITS = {"requests_per_s": "requests/s", "notifications_per_s": "notifications/s", "p50_ms": "ms (p50)",
         "p99_ms": "ms (p99)", "cpu_s": "CPU s idle", "rss_kb": "kB RSS"}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("raw")
    p.add_argument("out")
    p.add_argument("--versions", default="{}")
    p.add_argument("--settings", default="{}")
    a = p.parse_args()
    results = {}
    with open(a.raw) as f:
        for line in f:
            name, run, field, value, load = line.rstrip("\n").split("\t")
            entry = results.setdefault(name, {})
            slot = entry.setdefault(field, {"values": [], "failed": 0})
            if value == "failed":
                slot["failed"] += 1
            else:
                slot["values"].append(float(value))
            if field == next(iter(entry)):
                entry.setdefault("other_load_pct", []).append(None if load in ("", "na") else float(load))
    for entry in results.values():
        for field, slot in entry.items():
            if field != "other_load_pct":
                slot["median"] = statistics.median(slot["values"]) if slot["values"] else None
    settings = json.loads(a.settings)
    idle = settings.get("idle_seconds")
    doc = {"machine": {"cpus": os.cpu_count(), "kernel": platform.release(),
                       "load_average": os.getloadavg()},
           "versions": json.loads(a.versions), "settings": settings, "results": results}
    with open(a.out, "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")

    rows = [("what", "median", "unit", "runs", "all values", "other load %")]
    for name, entry in results.items():
        for field, slot in entry.items():
            if field == "other_load_pct":
                continue
            m = slot["median"]
            unit = UNITS.get(field, field)
            if field == "cpu_s" and idle:
                unit = f"CPU s per {idle:g} s idle"
            shown = "-" if m is None else (f"{m:,.0f}" if m >= 100 else f"{m:.3g}" if field != "cpu_s" else f"{m:.2f}")
            values = " ".join(f"{v:g}" for v in slot["values"]) + (f" ({slot['failed']} failed)" if slot["failed"] else "")
            load = " ".join("?" if x is None else f"{x:g}" for x in entry.get("other_load_pct", []))
            rows.append((name, shown, unit, str(len(slot["values"])), values, load))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for i, r in enumerate(rows):
        print("  ".join(c.rjust(w) if j == 1 else c.ljust(w) for j, (c, w) in enumerate(zip(r, widths))).rstrip())
        if i == 0:
            print("  ".join("-" * w for w in widths))
    print(f"\nmedians of {settings.get('runs', '?')} rounds; JSON: {a.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
