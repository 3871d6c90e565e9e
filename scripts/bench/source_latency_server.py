#!/usr/bin/env python3
"""Peer server for `leavenow-bench sources` (standard library only, asyncio).

One event loop serves every connection concurrently: a response waits its latency with
`asyncio.sleep`, so 200 requests in flight wait together (no thread per request, no pool to run
out of); the listen backlog is 1024 so a burst of connections is never refused or retried.
HTTP/1.1 with keep-alive, GET only. Listens on 127.0.0.1 on a free port, prints the port as the
first line of stdout, and exits when stdin closes or after --lifetime seconds.

Paths:
  /feed/<anything>   the --fixture file (an Atom / RSS feed) after --latency seconds, with ETag and
                     Last-Modified, 304 to a matching If-None-Match / If-Modified-Since
  /day/<name>        the fixture Tests/Fixtures/feeds/<name> at its current revision (see
                     /_revision), same validators and 304 rules; a revision appends the comment
                     `<!-- revision N -->` after the root element (a changed body, still a valid feed)
Control (no latency):
  /_revision?name=<name>&n=N&t=T   revision N of /day/<name>, Last-Modified T (epoch seconds)
  /_latency?ms=M                   the latency of data responses from now on
  /_stats                          JSON: requests, by status, bytes written (status line, headers and
                                   body), the most requests in flight at once, and span_ms: from the
                                   first data request's arrival to the last answer written (for one
                                   batch: latency + how long the server itself took)
  /_reset                          zeroes the statistics
"""

import argparse
import asyncio
import email.utils
import hashlib
import json
import os
import sys
import threading
import time

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "Fixtures")

options = None
latency = 0.0
revisions = {}
stats = {"requests": 0, "status": {}, "bytes_written": 0, "in_flight": 0, "max_in_flight": 0,
         "first_arrival": None, "last_answer": None}
fixture_cache = {}


def reset_stats():
    stats.update({"requests": 0, "status": {}, "bytes_written": 0, "max_in_flight": stats["in_flight"],
                  "first_arrival": None, "last_answer": None})


def load(path):
    if path not in fixture_cache:
        with open(path, "rb") as handle:
            fixture_cache[path] = handle.read()
    return fixture_cache[path]


def content_for(path):
    """(body, content type, last-modified epoch) of a data path, or None."""
    if path.startswith("/feed/"):
        body = load(options.fixture)
        return body, "application/atom+xml; charset=utf-8", int(os.path.getmtime(options.fixture))
    if path.startswith("/day/"):
        name = path[len("/day/"):]
        if ".." in name:
            return None
        file = os.path.join(FIXTURES, "feeds", name)
        if not os.path.isfile(file):
            return None
        revision, modified = revisions.get(name, (0, int(os.path.getmtime(file))))
        body = load(file)
        if revision:
            body = body.rstrip(b"\n") + (b"\n<!-- revision %d -->\n" % revision)
        kind = "application/rss+xml" if b"<rss" in body[:512] else "application/atom+xml"
        return body, kind + "; charset=utf-8", modified
    return None


def response(status, reason, headers, body=b""):
    lines = ["HTTP/1.1 %d %s" % (status, reason)]
    lines += ["%s: %s" % pair for pair in headers]
    if status != 304:
        lines.append("Content-Length: %d" % len(body))
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


async def answer(method, target, headers):
    global latency
    path, _, query = target.partition("?")
    params = dict(pair.partition("=")[::2] for pair in query.split("&") if pair)
    if path == "/_revision":
        revisions[params["name"]] = (int(params["n"]), int(params["t"]))
        return response(200, "OK", [("Content-Type", "application/json")], b"{}"), False
    if path == "/_latency":
        latency = float(params["ms"]) / 1000
        return response(200, "OK", [("Content-Type", "application/json")], b"{}"), False
    if path == "/_stats":
        span = None
        if stats["first_arrival"] is not None and stats["last_answer"] is not None:
            span = round((stats["last_answer"] - stats["first_arrival"]) * 1000, 1)
        body = json.dumps(dict(stats, span_ms=span)).encode()
        return response(200, "OK", [("Content-Type", "application/json")], body), False
    if path == "/_reset":
        reset_stats()
        return response(200, "OK", [("Content-Type", "application/json")], b"{}"), False
    if stats["first_arrival"] is None:
        stats["first_arrival"] = time.monotonic()
    stats["in_flight"] += 1
    stats["max_in_flight"] = max(stats["max_in_flight"], stats["in_flight"])
    try:
        if latency > 0:
            await asyncio.sleep(latency)
        found = content_for(path) if method == "GET" else None
        if found is None:
            data = response(404, "Not Found", [("Content-Type", "text/plain")], b"not found\n")
            status = 404
        else:
            body, kind, modified = found
            etag = '"%s"' % hashlib.sha1(body).hexdigest()[:16]
            last_modified = email.utils.formatdate(modified, usegmt=True)
            validators = [("ETag", etag), ("Last-Modified", last_modified)]
            inm = headers.get("if-none-match")
            if inm == etag or (inm is None and headers.get("if-modified-since") == last_modified):
                data, status = response(304, "Not Modified", validators), 304
            else:
                data, status = response(200, "OK", [("Content-Type", kind)] + validators, body), 200
        stats["requests"] += 1
        stats["status"][str(status)] = stats["status"].get(str(status), 0) + 1
        stats["bytes_written"] += len(data)
        return data, True
    finally:
        stats["in_flight"] -= 1


async def serve(reader, writer):
    try:
        while True:
            head = await reader.readuntil(b"\r\n\r\n")
            lines = head.decode("latin-1").split("\r\n")
            method, target, _ = lines[0].split(" ", 2)
            headers = {}
            for line in lines[1:]:
                if ":" in line:
                    name, _, value = line.partition(":")
                    headers[name.strip().lower()] = value.strip()
            data, counted = await answer(method, target, headers)
            writer.write(data)
            await writer.drain()
            if counted:
                stats["last_answer"] = time.monotonic()
            if headers.get("connection", "").lower() == "close":
                break
    except (asyncio.IncompleteReadError, ConnectionError, ValueError):
        pass
    finally:
        writer.close()


async def main_async():
    server = await asyncio.start_server(serve, "127.0.0.1", 0, backlog=1024)
    print(server.sockets[0].getsockname()[1], flush=True)
    async with server:
        await server.serve_forever()


def main():
    global options, latency
    parser = argparse.ArgumentParser()
    parser.add_argument("--lifetime", type=float, default=600)
    parser.add_argument("--latency", type=float, default=0.05, help="seconds before each data response")
    parser.add_argument("--fixture", default=os.path.join(FIXTURES, "feeds", "qiita", "qiita-user-feed_ftnext_test-fixture.atom"))
    options = parser.parse_args()
    latency = options.latency

    def watch_stdin():
        sys.stdin.read()
        os._exit(0)

    threading.Thread(target=watch_stdin, daemon=True).start()
    stopper = threading.Timer(options.lifetime, lambda: os._exit(0))
    stopper.daemon = True
    stopper.start()
    asyncio.run(main_async())


if __name__ == "__main__":
    main()
