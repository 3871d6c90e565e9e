#!/usr/bin/env python3
"""The delivery benchmarks side by side in one table, with ratios: the sink's ceiling (wrk), the bare
libcurl loop, leavenow's send loop and durable outbox, Alertmanager, Apprise — medians of the rounds
run-peers.sh interleaved (leavenow's paths measured by one `leavenow-bench outbox --summary` per round).

  summarize_side_by_side.py PEERS.json

PEERS.json: run-peers.sh --out, with "leavenow-throughput" fields bare, loop, durable, worker and
their *_cpu_us, and "leavenow-latency" p50_ms, p99_ms.
"""
import json
import sys


def median(results, name, field):
    slot = results.get(name, {}).get(field)
    return None if not slot else slot.get("median")


def number(value, digits=0):
    if value is None:
        return "-"
    return f"{value:,.{digits}f}"


def main():
    with open(sys.argv[1]) as f:
        doc = json.load(f)
    results = doc["results"]
    runs = doc.get("settings", {}).get("runs", "?")
    ours = "leavenow-throughput"
    alertmanager = median(results, "alertmanager-throughput", "notifications_per_s")
    bare = median(results, ours, "bare")
    rows = [
        ("sink ceiling: wrk, 2 threads × 16 connections", median(results, "sink-ceiling", "requests_per_s"), None, None, None),
        ("bare libcurl multi loop in Swift (reference)", bare, median(results, ours, "bare_cpu_us"), None, None),
        ("leavenow send loop, no outbox", median(results, ours, "loop"), median(results, ours, "loop_cpu_us"), None, None),
        ("leavenow durable outbox (commit 512, send, record)", median(results, ours, "durable"), median(results, ours, "durable_cpu_us"),
         median(results, "leavenow-latency", "p50_ms"), median(results, "leavenow-latency", "p99_ms")),
        ("  the same, commits on a 2nd thread (the worker's)", median(results, ours, "worker"), median(results, ours, "worker_cpu_us"),
         None, None),
        ("Prometheus Alertmanager", alertmanager, median(results, "alertmanager-throughput", "cpu_us_per_notification"),
         median(results, "alertmanager-latency", "p50_ms"), median(results, "alertmanager-latency", "p99_ms")),
        ("Apprise", median(results, "apprise-throughput", "notifications_per_s"), None, None, None),
    ]
    header = ("", "notifications/s", "vs Alertmanager", "vs bare loop", "CPU µs/notification", "fire → sink p50 / p99 ms")
    table = [header]
    for name, rate, cpu, p50, p99 in rows:
        table.append((name, number(rate),
                      "-" if rate is None or not alertmanager else f"{rate / alertmanager:.2f}×",
                      "-" if rate is None or not bare else f"{rate / bare:.2f}×",
                      number(cpu, 1),
                      "-" if p50 is None else f"{p50:.2f} / {p99:.2f}"))
    widths = [max(len(r[i]) for r in table) for i in range(len(header))]
    print(f"Delivery side by side: medians of {runs} interleaved rounds; load average at the end "
          + ", ".join(f"{x:.1f}" for x in doc.get("machine", {}).get("load_average", [])))
    for i, r in enumerate(table):
        print("  ".join(c.ljust(w) if j == 0 else c.rjust(w) for j, (c, w) in enumerate(zip(r, widths))).rstrip())
        if i == 0:
            print("  ".join("-" * w for w in widths))

    loop, durable = median(results, ours, "loop"), median(results, ours, "durable")
    p99 = median(results, "leavenow-latency", "p99_ms")
    checks = [
        ("leavenow's send loop ≥ 40,000/s", loop, loop is not None and loop >= 40_000, number(loop)),
        ("durable outbox ≥ 5× Alertmanager", durable, durable is not None and bool(alertmanager) and durable >= 5 * alertmanager,
         "-" if durable is None or not alertmanager else f"{durable / alertmanager:.2f}×"),
        ("durable outbox ≥ half the bare loop", durable, durable is not None and bool(bare) and durable >= bare / 2,
         "-" if durable is None or not bare else f"{durable / bare:.2f}×"),
        ("fire → sink p99 ≤ 2 ms (commit on the path)", p99, p99 is not None and p99 <= 2.0, "-" if p99 is None else f"{p99:.2f} ms"),
    ]
    print()
    for goal, value, met, shown in checks:
        print(f"  {'met    ' if met else 'not met' if value is not None else 'missing'}  {goal}: {shown}")
    loads = [x for x in results.get(ours, {}).get("other_load_pct", []) if x is not None]
    if loads:
        print(f"\n  other work on the machine before leavenow's rounds: {', '.join(f'{x:g}' for x in loads)} % of both cores")


if __name__ == "__main__":
    main()
