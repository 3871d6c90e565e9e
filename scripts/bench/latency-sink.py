#!/usr/bin/env python3
"""A webhook sink that timestamps arrivals, for `leavenow-bench outbox` (latency mode).

Listens on 127.0.0.1 (a free port, printed as the first stdout line), answers every POST with
`204 No Content` on a kept-alive connection, and records for each request the wall-clock time
(`time.time_ns()`, CLOCK_REALTIME) at which its first bytes were received, keyed by its
`Idempotency-Key` header. `GET /arrivals` answers a JSON object {key: nanoseconds} and clears it.
Exits when stdin closes or after --lifetime seconds.

Low-level asyncio protocol: the timestamp is taken in `data_received`, before any parsing.
"""
import argparse
import asyncio
import json
import sys
import time

ARRIVALS = {}


class Sink(asyncio.Protocol):
    def connection_made(self, transport):
        self.transport = transport
        self.buffer = b""
        self.started = None

    def data_received(self, data):
        now = time.time_ns()
        if not self.buffer:
            self.started = now
        self.buffer += data
        while True:
            head_end = self.buffer.find(b"\r\n\r\n")
            if head_end < 0:
                return
            head = self.buffer[:head_end].decode("latin-1")
            lines = head.split("\r\n")
            method, path = lines[0].split(" ")[:2]
            headers = {}
            for line in lines[1:]:
                name, _, value = line.partition(":")
                headers[name.strip().lower()] = value.strip()
            length = int(headers.get("content-length", "0"))
            if len(self.buffer) < head_end + 4 + length:
                return
            self.buffer = self.buffer[head_end + 4 + length:]
            arrived = self.started
            self.started = now if self.buffer else None
            if method == "GET" and path == "/arrivals":
                body = json.dumps(ARRIVALS).encode()
                ARRIVALS.clear()
                self.transport.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                                     + str(len(body)).encode() + b"\r\n\r\n" + body)
            else:
                key = headers.get("idempotency-key")
                if key is not None:
                    ARRIVALS[key] = arrived
                self.transport.write(b"HTTP/1.1 204 No Content\r\n\r\n")


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lifetime", type=float, default=600)
    options = parser.parse_args()
    loop = asyncio.get_running_loop()
    server = await loop.create_server(Sink, "127.0.0.1", 0)
    print(server.sockets[0].getsockname()[1], flush=True)
    stdin_closed = loop.create_future()

    def on_stdin():
        if not sys.stdin.buffer.read1(4096) and not stdin_closed.done():
            stdin_closed.set_result(None)

    loop.add_reader(sys.stdin.fileno(), on_stdin)
    try:
        await asyncio.wait_for(stdin_closed, options.lifetime)
    except asyncio.TimeoutError:
        pass
    server.close()


if __name__ == "__main__":
    asyncio.run(main())
