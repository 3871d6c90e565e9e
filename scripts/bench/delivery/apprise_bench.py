#!/usr/bin/env python3
"""Apprise (PyPI `apprise`) as a peer of leavenow's delivery: webhook throughput.

  apprise_bench.py [--notifications 2000] [--threads 4] [--timeout 120]

Needs SINK_URL and SINK_LOG (run it under with-sink.sh) and the apprise package (setup.sh puts it
in /tmp/leavenow-bench-venv: run this script with that venv's python). Sends N notifications
through Apprise's Python API (in process, no CLI start-up per message) to `json://127.0.0.1:<port>/`
— Apprise's generic JSON webhook — from --threads threads, each with its own Apprise object and
its share of the N; waits until the sink logged N requests or the timeout; prints notifications/s
end to end (first notify() → last arrival at the sink). Details go to stderr as JSON.
Each notify() is one HTTP POST; Apprise's JSON plugin has no throttle (request_rate_per_sec 0)
and uses a new requests call (no connection reuse) per notification.
"""
import argparse
import json
import os
import sys
import threading
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import count_sink  # noqa: E402

try:
    import apprise
except ImportError:
    raise SystemExit("apprise is not installed: run setup.sh, then use /tmp/leavenow-bench-venv/bin/python")

TITLE = "Leave now for the 08:14 Keio Line express"
BODY = ("Walk 6 min to Chofu; next express departs 08:14 from platform 2 for Shinjuku. "
        "Following one: 08:22 rapid. Departure 2024-12-22T08:14:00+09:00.")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--notifications", type=int, default=2000)
    p.add_argument("--threads", type=int, default=4)
    p.add_argument("--timeout", type=float, default=120)
    a = p.parse_args()
    sink_url, sink_log = os.environ.get("SINK_URL"), os.environ.get("SINK_LOG")
    if not sink_url or not sink_log:
        raise SystemExit("apprise_bench.py needs SINK_URL and SINK_LOG: run it under with-sink.sh")
    u = urllib.parse.urlsplit(sink_url)
    target = f"json://{u.hostname}:{u.port}{u.path or '/'}"

    shares = [a.notifications // a.threads + (1 if i < a.notifications % a.threads else 0)
              for i in range(a.threads)]
    failures = [0] * a.threads
    start = threading.Barrier(a.threads + 1)
    deadline = time.monotonic() + a.timeout

    def worker(index):
        client = apprise.Apprise()
        if not client.add(target):
            raise SystemExit(f"apprise rejected the URL {target}")
        start.wait()
        for _ in range(shares[index]):
            if time.monotonic() > deadline:
                break
            if not client.notify(body=BODY, title=TITLE):
                failures[index] += 1

    threads = [threading.Thread(target=worker, args=(i,), daemon=True) for i in range(a.threads)]
    for t in threads:
        t.start()
    start.wait()
    t0 = time.time()
    for t in threads:
        t.join(max(0.0, deadline - time.monotonic()) + 1)
    sent_s = time.time() - t0
    remaining = max(1.0, deadline - time.monotonic())
    result, complete = count_sink.wait_for(sink_log, a.notifications, remaining)
    delivered = result["distinct"]
    rate = delivered / (result["last_s"] - t0) if delivered and result["last_s"] > t0 else 0.0
    print(json.dumps({"peer": "apprise", "version": apprise.__version__, "url": "json://", "threads": a.threads,
                      "notifications": a.notifications, "delivered": delivered, "failed": sum(failures),
                      "complete": complete, "send_s": round(sent_s, 3), "rate_end_to_end": round(rate, 1)}),
          file=sys.stderr)
    print(f"{rate:.1f}")
    return 0 if complete else 1


if __name__ == "__main__":
    sys.exit(main())
