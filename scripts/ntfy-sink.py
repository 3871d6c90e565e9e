#!/usr/bin/env python3
"""A local stand-in for an ntfy server, for trying a `type: ntfy` channel without a phone: prints
every message posted to it as the ntfy app would show it (topic, title, priority, tags, text).

    python3 scripts/ntfy-sink.py 8089      # then: server: http://127.0.0.1:8089 in the channel

Listens on 127.0.0.1 only, answers 200 with ntfy's JSON. Standard library only.
"""

import email.header
import json
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def decoded(value):
    """An RFC 2047 header (=?UTF-8?B?…?=, how leavenow sends a Japanese title) as text."""
    if not value:
        return ""
    return "".join(part.decode(charset or "utf-8") if isinstance(part, bytes) else part
                   for part, charset in email.header.decode_header(value))


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0)).decode("utf-8", "replace")
        topic = self.path.lstrip("/")
        print(f"ntfy topic={topic} title={decoded(self.headers.get('Title'))!r} priority={self.headers.get('Priority')} "
              f"tags={decoded(self.headers.get('Tags'))!r}\n  {body}", flush=True)
        answer = json.dumps({"id": "local", "time": int(time.time()), "event": "message", "topic": topic,
                             "message": body}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)


if __name__ == "__main__":
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8089
    print(f"ntfy sink on http://127.0.0.1:{port}", flush=True)
    ThreadingHTTPServer(("127.0.0.1", port), Handler).serve_forever()
