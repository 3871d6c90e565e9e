#!/usr/bin/env python3
"""`make demo`'s webhook sink: prints every notification leavenow delivers, as it arrives.

Listens on 127.0.0.1 on a free port (printed as the first line of stdout), answers 204, and prints
one line per leavenow webhook: the simulated time it was meant for, the channel, the text. Exits
when stdin closes or after --lifetime seconds. Standard library only.
"""

import argparse
import json
import sys
import threading
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TOKYO = timezone(timedelta(hours=9))


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length)
        self.send_response(204)
        self.send_header("Content-Length", "0")
        self.end_headers()
        try:
            note = json.loads(body)
            when = datetime.fromisoformat(note["fire_at"].replace("Z", "+00:00")).astimezone(TOKYO).strftime("%H:%M")
            line = f"  {when}  → {note.get('channel', '?'):<8} {note.get('title', '')}: {note.get('text', '')}"
        except (ValueError, KeyError, TypeError):
            line = f"  (not a leavenow notification: {body[:80]!r})"
        print(line, flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lifetime", type=float, default=600)
    options = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    stopper = threading.Timer(options.lifetime, lambda: server.shutdown())
    stopper.daemon = True
    stopper.start()
    try:
        sys.stdin.read()
    except KeyboardInterrupt:
        pass
    server.shutdown()


if __name__ == "__main__":
    main()
