#!/usr/bin/env python3
"""A webhook sink for the Delivery module's tests (Python 3 standard library only).

Listens on 127.0.0.1 on a free port and prints the port as the first line of stdout.
Bounded: exits after --lifetime seconds (default 60) or when stdin reaches end of file.

Any method on any path not starting with /_ is a delivery: it is recorded and answered with the
next scripted step for that path (or for any path), else with the default (204 No Content).

Control endpoints:
  GET  /_requests   JSON {"requests": [{"method", "path", "headers": [[name, value], ...],
                    "body" (UTF-8 text), "arrival" (unix seconds, float), "answer" (status or
                    "close")}], "duplicates": N, "connections": N}
  POST /_script     JSON {"steps": [step, ...], "path": "/hook" (optional), "dedupe": bool,
                    "default": status, "fault_seconds": S, "fault_steps": [step, ...]};
                    steps are used one per request, in order. With fault_seconds, every delivery
                    arriving in the next S seconds takes the next of fault_steps instead, in turn
                    (an outage of mixed faults that ends at a known time, /_requests "faults_until").
                    A step:
                      {"status": 500}                     that status (body optional: "body")
                      {"status": 429, "retry_after": "1"} with a Retry-After header
                      {"stall_ms": 5000, "status": 204}   wait, then answer
                      {"close": true}                     close the connection without answering
                      {"status": 500, "echo": true}       the body echoes the request line and every
                                                          request header (like a debug error page)
  POST /_reset      forget requests, scripts and seen keys

With "dedupe": a request whose Idempotency-Key was already answered 2xx is answered
200 "duplicate" (and counted) instead of consuming a step.
"""

import argparse
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlparse

lock = threading.Lock()
state = {"requests": [], "scripts": {}, "dedupe": False, "default": 204, "seen": set(), "duplicates": 0,
         "connections": 0, "faults": None}


def reset():
    state.update({"requests": [], "scripts": {}, "dedupe": False, "default": 204, "seen": set(),
                  "duplicates": 0, "connections": 0, "faults": None})


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def setup(self):
        super().setup()
        with lock:
            state["connections"] += 1

    def log_message(self, format, *args):
        pass

    def answer(self, status, body=b"", content_type="text/plain", extra=()):
        self.send_response(status)
        if status not in (204, 304):
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
        for name, value in extra:
            self.send_header(name, value)
        self.end_headers()
        if status not in (204, 304) and self.command != "HEAD":
            self.wfile.write(body)

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def control(self, path, body):
        if path == "/_requests" and self.command == "GET":
            with lock:
                value = {"requests": state["requests"], "duplicates": state["duplicates"],
                         "connections": state["connections"],
                         "faults_until": state["faults"]["until"] if state["faults"] else None}
            self.answer(200, json.dumps(value).encode(), "application/json")
        elif path == "/_script" and self.command == "POST":
            spec = json.loads(body or b"{}")
            with lock:
                key = spec.get("path", "*")
                state["scripts"].setdefault(key, []).extend(spec.get("steps", []))
                if "dedupe" in spec:
                    state["dedupe"] = bool(spec["dedupe"])
                if "default" in spec:
                    state["default"] = int(spec["default"])
                if "fault_seconds" in spec:
                    state["faults"] = {"until": time.time() + float(spec["fault_seconds"]),
                                       "steps": list(spec.get("fault_steps", [{"status": 500}])), "next": 0}
            self.answer(204)
        elif path == "/_reset" and self.command == "POST":
            with lock:
                reset()
            self.answer(204)
        else:
            self.answer(404, b"unknown control endpoint")

    def deliver(self, path, body):
        key = self.headers.get("Idempotency-Key")
        record = {"method": self.command, "path": path, "headers": [[n, v] for n, v in self.headers.items()],
                  "body": body.decode("utf-8", "replace"), "arrival": time.time()}
        with lock:
            duplicate = state["dedupe"] and key is not None and key in state["seen"]
            step = None
            faults = state["faults"]
            if duplicate:
                state["duplicates"] += 1
            elif faults and record["arrival"] < faults["until"]:
                step = faults["steps"][faults["next"] % len(faults["steps"])]
                faults["next"] += 1
            else:
                queue = state["scripts"].get(path) or state["scripts"].get("*") or []
                if queue:
                    step = queue.pop(0)
            record["answer"] = "close" if step and step.get("close") else (
                200 if duplicate else int((step or {}).get("status", state["default"])))
            state["requests"].append(record)
        if duplicate:
            self.answer(200, b"duplicate")
            return
        step = step or {}
        if step.get("close"):
            self.close_connection = True
            try:
                self.connection.shutdown(2)
            except OSError:
                pass
            return
        if step.get("stall_ms"):
            time.sleep(step["stall_ms"] / 1000.0)
        status = int(step.get("status", state["default"]))
        extra = []
        if "retry_after" in step:
            extra.append(("Retry-After", str(step["retry_after"])))
        if 200 <= status < 300 and key is not None:
            with lock:
                state["seen"].add(key)
        body = step.get("body", "ok" if status == 200 else "")
        if step.get("echo"):
            body = "%s %s %s\n" % (self.command, self.path, self.request_version) + "".join(
                "%s: %s\n" % (name, value) for name, value in self.headers.items())
        self.answer(status, body.encode(), extra=extra)

    def handle_any(self):
        path = urlparse(self.path).path
        body = self.read_body()
        if path.startswith("/_"):
            self.control(path, body)
        else:
            self.deliver(path, body)

    do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = handle_any


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lifetime", type=float, default=60.0)
    parser.add_argument("--port", type=int, default=0, help="the port to bind (default: a free one); a restart can reuse it")
    args = parser.parse_args()

    ThreadingHTTPServer.allow_reuse_address = True
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    server.request_queue_size = 64
    print(server.server_address[1], flush=True)

    def watch_stdin():
        try:
            while sys.stdin.buffer.read(1024):
                pass
        except (OSError, ValueError):
            pass
        os._exit(0)

    threading.Thread(target=watch_stdin, daemon=True).start()
    threading.Timer(args.lifetime, lambda: os._exit(0)).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
