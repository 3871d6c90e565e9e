#!/usr/bin/env python3
"""A webhook sink that timestamps each arrival with time.time_ns() (nanoseconds, Unix epoch).

  latency_sink.py [--out FILE]

Listens on a free port of 127.0.0.1, prints the port as the first stdout line, then writes one
line per request, to FILE (flushed per line) or stdout:

  <arrival_ns> <key>

The timestamp is taken once the request body has been read. <key> is the Idempotency-Key header;
without one, the `bench_id` label of the first alert of an Alertmanager webhook payload; else "-".
Every request is answered 204. Exits when stdin closes (the convention of
Sources/TestServers/ScriptServer.swift) or on SIGTERM/SIGINT.

Importable: `LatencySink(on_arrival)` runs the same server on a thread; on_arrival(ns, key) is
called for each request; `.port`, `.close()`.
"""
import argparse
import http.server
import json
import signal
import sys
import threading
import time


def _key(headers, body):
    key = headers.get("Idempotency-Key")
    if key:
        return key.strip()
    try:
        payload = json.loads(body)
        return str(payload["alerts"][0]["labels"]["bench_id"])
    except (ValueError, KeyError, IndexError, TypeError):
        return "-"


class LatencySink:
    def __init__(self, on_arrival):
        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                arrived = time.time_ns()
                self.send_response(204)
                self.send_header("Content-Length", "0")
                self.end_headers()
                on_arrival(arrived, _key(self.headers, body))

            do_PUT = do_POST

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.1},
                                       daemon=True)
        self.thread.start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", help="file to append '<arrival_ns> <key>' lines to (default stdout)")
    a = p.parse_args()
    out = open(a.out, "a", buffering=1) if a.out else sys.stdout
    lock = threading.Lock()

    def record(ns, key):
        with lock:
            out.write(f"{ns} {key}\n")
            out.flush()

    sink = LatencySink(record)
    print(sink.port, flush=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    threading.Thread(target=lambda: (sys.stdin.read(), stop.set()), daemon=True).start()
    stop.wait()
    sink.close()


if __name__ == "__main__":
    main()
