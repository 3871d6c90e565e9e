#!/usr/bin/env python3
"""Counts deliveries in the nginx sink's access log (see with-sink.sh), deduplicated by Idempotency-Key.

  count_sink.py LOG [--expect N] [--timeout S] [--since T0] [--method POST]

Without --expect it counts once. With --expect it polls the log (every 50 ms) until N distinct
deliveries arrived or --timeout seconds passed (default 60), whichever comes first.
Prints one JSON object:

  {"lines": 20000, "distinct": 20000, "duplicates": 0, "keyless": 20000,
   "first_s": 1795968461.879, "last_s": 1795968465.77, "complete": true,
   "rate_from_since": 5140.2, "rate_at_sink": 5180.9}

- distinct: requests with distinct Idempotency-Key values, plus every request without one
  (a peer that sends no key is counted per request); duplicates: repeated keys.
- first_s/last_s: the sink's arrival times (nginx $msec, millisecond resolution).
- rate_from_since: distinct / (last_s - T0), when --since T0 (Unix seconds, e.g. the moment the
  driver started sending) is given: end-to-end notifications/s.
- rate_at_sink: distinct / (last_s - first_s): the rate seen at the sink alone.
Exit status 0 when complete (or no --expect), 1 when the timeout hit first.
Importable: `count(path, method)` returns the same dict without the rates; `wait_for(path, expect,
timeout)` returns (dict, complete); `Tally(path)` counts incrementally.
"""
import argparse
import json
import sys
import time


class Tally:
    """Incremental count of a growing sink log: each `update()` reads only the new complete lines."""

    def __init__(self, path, method="POST"):
        self.path, self.method = path, method
        self.offset = 0
        self.seen = set()
        self.result = {"lines": 0, "distinct": 0, "duplicates": 0, "keyless": 0, "first_s": None, "last_s": None}

    def update(self):
        r = self.result
        with open(self.path, "rb") as f:
            f.seek(self.offset)
            data = f.read()
        end = data.rfind(b"\n") + 1          # leave a partly written last line for the next read
        self.offset += end
        for raw in data[:end].splitlines():
            parts = raw.decode("utf-8", "replace").split()
            if len(parts) < 5 or parts[1] != self.method:
                continue
            r["lines"] += 1
            t = float(parts[0])
            if r["first_s"] is None or t < r["first_s"]:
                r["first_s"] = t
            if r["last_s"] is None or t > r["last_s"]:
                r["last_s"] = t
            key = parts[4]
            if key == "-":
                r["keyless"] += 1
                r["distinct"] += 1
            elif key in self.seen:
                r["duplicates"] += 1
            else:
                self.seen.add(key)
                r["distinct"] += 1
        return dict(r)


def count(path, method="POST"):
    """Counts the whole log once."""
    return Tally(path, method).update()


def wait_for(path, expect, timeout, method="POST"):
    """Polls (every 50 ms) until `expect` distinct deliveries or `timeout` seconds; returns (result, complete)."""
    tally = Tally(path, method)
    deadline = time.monotonic() + timeout
    while True:
        result = tally.update()
        if result["distinct"] >= expect:
            return result, True
        if time.monotonic() >= deadline:
            return result, False
        time.sleep(0.05)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("log")
    p.add_argument("--expect", type=int)
    p.add_argument("--timeout", type=float, default=60.0)
    p.add_argument("--since", type=float, help="Unix time (s) the sending started")
    p.add_argument("--method", default="POST")
    a = p.parse_args()
    if a.expect is None:
        result, complete = count(a.log, a.method), True
    else:
        result, complete = wait_for(a.log, a.expect, a.timeout, a.method)
    result["complete"] = complete
    if a.since is not None and result["last_s"] and result["last_s"] > a.since:
        result["rate_from_since"] = round(result["distinct"] / (result["last_s"] - a.since), 1)
    if result["first_s"] is not None and result["last_s"] > result["first_s"]:
        result["rate_at_sink"] = round(result["distinct"] / (result["last_s"] - result["first_s"]), 1)
    print(json.dumps(result))
    return 0 if complete else 1


if __name__ == "__main__":
    sys.exit(main())
