#!/usr/bin/env python3
"""Prometheus Alertmanager as a peer of leavenow's delivery: throughput, latency and idle cost.

  alertmanager_bench.py throughput [--alerts 20000] [--batch 64] [--senders 4] [--timeout 120]
      needs SINK_URL and SINK_LOG (run it under with-sink.sh). Posts N distinct alerts in batches to
      /api/v2/alerts (64 a POST, as Prometheus batches them) from concurrent senders, waits until the sink logged N notifications or the
      timeout; prints notifications/s end to end (first POST → last arrival at the sink) and
      Alertmanager's CPU µs per notification (its utime + stime over the run, from /proc).
  alertmanager_bench.py latency [--alerts 200] [--warmup 10] [--spacing 0.02]
      one alert at a time to a timestamping sink (latency_sink.py, in-process); prints "p50_ms p99_ms"
      of POST start → arrival at the sink.
  alertmanager_bench.py idle [--seconds 60] [--settle 5]
      starts Alertmanager with no alerts, waits --settle s, prints measure-idle.sh's "cpu_seconds rss_kb".

Alertmanager runs from a temp dir (config + storage), on 127.0.0.1, clustering off
(--cluster.listen-address=), and is killed on exit. Route: group_by ['...'] (every alert is its own
group, so one notification per alert), group_wait 0s (flush a new group at once), group_interval
5m and repeat_interval 4h (no re-sends and no periodic re-flush work during the run). The chosen
settings are printed to stderr with the details of each run.
"""
import argparse
import http.client
import json
import os
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import count_sink  # noqa: E402
from latency_sink import LatencySink  # noqa: E402

BINARY = shutil.which("prometheus-alertmanager") or shutil.which("alertmanager")

CONFIG = """\
route:
  receiver: sink
  group_by: ['...']
  group_wait: {group_wait}
  group_interval: {group_interval}
  repeat_interval: 4h
receivers:
  - name: sink
    webhook_configs:
      - url: '{url}'
        send_resolved: false
"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Alertmanager:
    """Alertmanager in a temp dir; a context manager that always kills it and removes the dir."""

    def __init__(self, webhook_url, group_wait="0s", group_interval="5m"):
        if not BINARY:
            raise SystemExit("prometheus-alertmanager not found (run setup.sh)")
        self.dir = tempfile.mkdtemp(prefix="leavenow-am.")
        self.port = free_port()
        with open(os.path.join(self.dir, "alertmanager.yml"), "w") as f:
            f.write(CONFIG.format(url=webhook_url, group_wait=group_wait, group_interval=group_interval))
        self.settings = {"group_by": "['...']", "group_wait": group_wait, "group_interval": group_interval,
                         "repeat_interval": "4h"}
        self.proc = None

    def __enter__(self):
        self.log = open(os.path.join(self.dir, "alertmanager.log"), "w")
        self.proc = subprocess.Popen(
            [BINARY, f"--config.file={self.dir}/alertmanager.yml", f"--storage.path={self.dir}/data",
             f"--web.listen-address=127.0.0.1:{self.port}", "--cluster.listen-address=", "--log.level=warn"],
            stdout=self.log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise SystemExit("alertmanager exited: " + open(self.log.name).read())
            try:
                c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=1)
                c.request("GET", "/-/ready")
                if c.getresponse().status == 200:
                    c.close()
                    return self
            except OSError:
                pass
            time.sleep(0.05)
        self.__exit__(None, None, None)
        raise SystemExit("alertmanager not ready within 15 s")

    def __exit__(self, *exc):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.log.close()
        shutil.rmtree(self.dir, ignore_errors=True)


def cpu_seconds(pid):
    """utime + stime of a live process, in seconds (from /proc/PID/stat)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(") ", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def own_cpu_seconds():
    u = resource.getrusage(resource.RUSAGE_SELF)
    return u.ru_utime + u.ru_stime


def alert(run, i):
    return {"labels": {"alertname": "LeaveNow", "bench_run": run, "bench_id": str(i)},
            "annotations": {"summary": "Leave now for the 08:14 Keio Line express",
                            "description": "Walk 6 min to Chofu; next express departs 08:14 from platform 2."}}


class Poster:
    """One keep-alive connection to Alertmanager per thread."""

    def __init__(self, port):
        self.port = port
        self.local = threading.local()

    def post(self, alerts):
        body = json.dumps(alerts).encode()
        for attempt in range(3):
            c = getattr(self.local, "conn", None)
            if c is None:
                c = self.local.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
            try:
                c.request("POST", "/api/v2/alerts", body, {"Content-Type": "application/json"})
                r = c.getresponse()
                r.read()
                if r.status != 200:
                    raise SystemExit(f"POST /api/v2/alerts: HTTP {r.status}")
                return
            except (OSError, http.client.HTTPException):
                c.close()
                self.local.conn = None
                if attempt == 2:
                    raise


def throughput(a):
    sink_url, sink_log = os.environ.get("SINK_URL"), os.environ.get("SINK_LOG")
    if not sink_url or not sink_log:
        raise SystemExit("throughput needs SINK_URL and SINK_LOG: run it under with-sink.sh")
    with Alertmanager(sink_url, group_interval=a.group_interval) as am:
        run = f"{os.getpid()}-{time.time_ns()}"
        batches = [[alert(run, i) for i in range(s, min(s + a.batch, a.alerts))]
                   for s in range(0, a.alerts, a.batch)]
        poster = Poster(am.port)
        am_cpu0, driver_cpu0 = cpu_seconds(am.proc.pid), own_cpu_seconds()
        t0 = time.time()
        with ThreadPoolExecutor(a.senders) as pool:
            list(pool.map(poster.post, batches))
        posted = time.time() - t0
        result, complete = count_sink.wait_for(sink_log, a.alerts, a.timeout)
        am_cpu, driver_cpu = cpu_seconds(am.proc.pid) - am_cpu0, own_cpu_seconds() - driver_cpu0
    delivered = result["distinct"]
    rate = delivered / (result["last_s"] - t0) if delivered and result["last_s"] > t0 else 0.0
    at_sink = (delivered / (result["last_s"] - result["first_s"])
               if delivered > 1 and result["last_s"] > result["first_s"] else 0.0)
    detail = {"peer": "alertmanager", "alerts": a.alerts, "batch": a.batch, "senders": a.senders,
              "delivered": delivered, "complete": complete, "post_s": round(posted, 3),
              "end_to_end_s": round(result["last_s"] - t0, 3) if delivered else None,
              "rate_end_to_end": round(rate, 1), "rate_at_sink": round(at_sink, 1),
              "alertmanager_cpu_s": round(am_cpu, 2), "driver_cpu_s": round(driver_cpu, 2), **am.settings}
    print(json.dumps(detail), file=sys.stderr)
    if not complete:
        print(f"alertmanager throughput: only {delivered} of {a.alerts} notifications within {a.timeout} s",
              file=sys.stderr)
    print(f"{rate:.1f} {am_cpu / delivered * 1e6 if delivered else 0:.1f}")
    return 0 if complete else 1


def percentile(sorted_values, p):
    """Nearest-rank percentile of an ascending list."""
    rank = max(1, -(-len(sorted_values) * p // 100))
    return sorted_values[int(rank) - 1]


def latency(a):
    arrivals = {}
    cond = threading.Condition()

    def on_arrival(ns, key):
        with cond:
            arrivals[key] = ns
            cond.notify_all()

    sink = LatencySink(on_arrival)
    try:
        with Alertmanager(f"http://127.0.0.1:{sink.port}/", group_interval=a.group_interval) as am:
            poster = Poster(am.port)
            run = f"{os.getpid()}-{time.time_ns()}"
            samples, lost = [], 0
            for i in range(a.warmup + a.alerts):
                key = str(i)
                sent = time.time_ns()
                poster.post([alert(run, i)])
                with cond:
                    ok = cond.wait_for(lambda: key in arrivals, timeout=5)
                if not ok:
                    lost += 1
                elif i >= a.warmup:
                    samples.append((arrivals[key] - sent) / 1e6)
                time.sleep(a.spacing)
    finally:
        sink.close()
    if not samples:
        raise SystemExit("alertmanager latency: no notification arrived")
    samples.sort()
    p50, p99 = percentile(samples, 50), percentile(samples, 99)
    print(json.dumps({"peer": "alertmanager", "alerts": a.alerts, "warmup": a.warmup, "lost": lost,
                      "p50_ms": round(p50, 3), "p99_ms": round(p99, 3), "min_ms": round(samples[0], 3),
                      "max_ms": round(samples[-1], 3), **am.settings}), file=sys.stderr)
    print(f"{p50:.3f} {p99:.3f}")
    return 0 if lost == 0 else 1


def idle(a):
    with Alertmanager("http://127.0.0.1:9/") as am:
        time.sleep(a.settle)
        out = subprocess.run([os.path.join(HERE, "measure-idle.sh"), str(am.proc.pid), str(a.seconds)],
                             check=True, capture_output=True, text=True, timeout=a.seconds + 30).stdout
    print(out.strip())
    return 0


def main():
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # run the finally/with cleanups
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="mode", required=True)
    t = sub.add_parser("throughput")
    t.add_argument("--alerts", type=int, default=20000)
    t.add_argument("--batch", type=int, default=64)
    t.add_argument("--senders", type=int, default=4)
    t.add_argument("--timeout", type=float, default=120)
    t.add_argument("--group-interval", default="5m")
    la = sub.add_parser("latency")
    la.add_argument("--alerts", type=int, default=200)
    la.add_argument("--warmup", type=int, default=10)
    la.add_argument("--spacing", type=float, default=0.02)
    la.add_argument("--group-interval", default="5m")
    i = sub.add_parser("idle")
    i.add_argument("--seconds", type=float, default=60)
    i.add_argument("--settle", type=float, default=5)
    a = p.parse_args()
    return {"throughput": throughput, "latency": latency, "idle": idle}[a.mode](a)


if __name__ == "__main__":
    sys.exit(main())
