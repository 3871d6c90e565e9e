#!/usr/bin/env python3
"""Local HTTP server for the HTTP module's tests (Python 3 standard library only).

Listens on 127.0.0.1 on a free port and prints the port as the first line of stdout.
Bounded: exits after --lifetime seconds (default 60) or when stdin reaches end of file
(the test process went away).

Endpoints:
  /data            200 JSON with ETag and Last-Modified; honours If-None-Match / If-Modified-Since (304)
  /status/<code>   that status with a short JSON body; 429 and 503 carry Retry-After: 2
  /html-503        503 with an HTML error page
  /stall?ms=N      sleeps N ms before answering
  /truncated       Content-Length: 1000, sends 100 bytes, closes
  /gzip            JSON compressed with Content-Encoding: gzip
  /large?mb=N      N MiB streamed with Content-Length; /large?mb=N&chunked=1 without it
  /loop            302 to itself, forever
  /redirect        302 to /data
  /echo            JSON with the method, the headers and the body received
  /whoami          JSON with the client's port (shows connection reuse)
  /slow?ms=N&i=K   answers {"i": K} after N ms (for the multi interface)
  /garbage         an answer that is not HTTP
  /stats           JSON: the most connections and requests open at once, connections opened
"""

import argparse
import gzip
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

ETAG = '"v1"'
LAST_MODIFIED = "Wed, 21 Oct 2015 07:28:00 GMT"
DATA = {"station": "Ginza", "departures": ["05:00", "05:03"]}

lock = threading.Lock()
counters = {"connections": 0, "max_connections": 0, "opened": 0, "requests": 0, "max_requests": 0}


def adjust(key, delta):
    with lock:
        counters[key] += delta
        peak = "max_" + key
        if delta > 0 and counters[key] > counters[peak]:
            counters[peak] = counters[key]
        if key == "connections" and delta > 0:
            counters["opened"] += 1


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def setup(self):
        super().setup()
        adjust("connections", 1)

    def finish(self):
        try:
            super().finish()
        finally:
            adjust("connections", -1)

    def log_message(self, format, *args):
        pass

    def send_json(self, status, value, extra=None):
        body = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        for name, val in (extra or []):
            self.send_header(name, val)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def do_HEAD(self):
        self.handle_any()

    def do_GET(self):
        self.handle_any()

    def do_POST(self):
        self.handle_any()

    def do_PUT(self):
        self.handle_any()

    def do_DELETE(self):
        self.handle_any()

    def handle_any(self):
        adjust("requests", 1)
        try:
            self.route()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True
        finally:
            adjust("requests", -1)

    def route(self):
        url = urlparse(self.path)
        query = {k: v[-1] for k, v in parse_qs(url.query).items()}
        path = url.path
        length = int(self.headers.get("Content-Length") or 0)
        received = self.rfile.read(length) if length else b""

        if path == "/data":
            validators = [("ETag", ETAG), ("Last-Modified", LAST_MODIFIED)]
            if self.headers.get("If-None-Match") == ETAG or (
                "If-None-Match" not in self.headers and self.headers.get("If-Modified-Since") == LAST_MODIFIED
            ):
                self.send_response(304)
                for name, val in validators:
                    self.send_header(name, val)
                self.end_headers()
                return
            self.send_json(200, DATA, validators)
        elif path.startswith("/status/"):
            code = int(path.rsplit("/", 1)[1])
            extra = [("Retry-After", "2")] if code in (429, 503) else []
            self.send_json(code, {"error": code}, extra)
        elif path == "/html-503":
            body = b"<!DOCTYPE html><html><body><h1>503 Service Unavailable</h1></body></html>"
            self.send_response(503)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        elif path == "/stall":
            time.sleep(int(query.get("ms", "5000")) / 1000)
            self.send_json(200, {"stalled": True})
        elif path == "/truncated":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "1000")
            self.end_headers()
            self.wfile.write(b"x" * 100)
            self.wfile.flush()
            self.close_connection = True
        elif path == "/gzip":
            body = gzip.compress(json.dumps(DATA).encode())
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        elif path == "/large":
            total = int(query.get("mb", "20")) * 1024 * 1024
            chunked = query.get("chunked") == "1"
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            if chunked:
                self.send_header("Transfer-Encoding", "chunked")
            else:
                self.send_header("Content-Length", str(total))
            self.end_headers()
            block = b"0123456789abcdef" * 4096
            sent = 0
            while sent < total:
                piece = block[: min(len(block), total - sent)]
                if chunked:
                    self.wfile.write(b"%x\r\n" % len(piece) + piece + b"\r\n")
                else:
                    self.wfile.write(piece)
                sent += len(piece)
            if chunked:
                self.wfile.write(b"0\r\n\r\n")
        elif path == "/loop":
            self.send_response(302)
            self.send_header("Location", self.path)
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif path == "/redirect":
            self.send_response(302)
            self.send_header("Location", "/data")
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif path == "/echo":
            headers = [[name, value] for name, value in self.headers.items()]
            self.send_json(200, {"method": self.command, "headers": headers, "body": received.decode("utf-8", "replace")})
        elif path == "/whoami":
            self.send_json(200, {"port": self.client_address[1]})
        elif path == "/slow":
            time.sleep(int(query.get("ms", "100")) / 1000)
            self.send_json(200, {"i": int(query.get("i", "0"))})
        elif path == "/garbage":
            self.wfile.write(b"this is not HTTP\r\n\r\n")
            self.wfile.flush()
            self.close_connection = True
        elif path == "/stats":
            with lock:
                snapshot = dict(counters)
            self.send_json(200, snapshot)
        else:
            self.send_json(404, {"error": "not found", "path": path})


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lifetime", type=float, default=60.0)
    args = parser.parse_args()

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
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
