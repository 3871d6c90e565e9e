#!/usr/bin/env python3
"""Local stand-in for the live sources' providers, for the LiveSources tests (standard library only).

Serves the fixtures of Tests/Fixtures/ at the providers' real paths, with ETag and Last-Modified,
answering 304 to If-None-Match / If-Modified-Since. Listens on 127.0.0.1 on a free port, prints the
port as the first line of stdout, and exits after --lifetime seconds or when stdin closes.

Paths (as the real providers):
  /data/3.0/onecall, /data/2.5/onecall           OpenWeather One Call (appid must be --key, else 401); the
                                                 fixture matches units= (metric: Pohang, standard: Nairobi)
  /v1/forecast                                   Open-Meteo
  /bosai/forecast/data/forecast/130000.json      JMA (other offices: 404)
  /advent-calendar/<year>/<slug>/feed            a Qiita Atom feed for the calendars that exist (2024/ios,
                                                 and those added by /_calendar); others: 404 HTML page
  /api/v4/odpt:StationTimetable                  ODPT (acl:consumerKey must be --key, else 401); Ginza.Ginza gets
                                                 rules/data's illustrative Ginza file, any other station Oshiage
  /api/v4/odpt:BusstopPoleTimetable              ODPT bus pole timetables: the Toei Chokkou01 pole; the
                                                 小田急バス 調布駅北口 pole gets its 2017 trips (dct:valid 2018-01-15)
  /api/v4/odpt:TrainInformation                  ODPT service status
  /api/v4/odpt:Train                             ODPT train positions (the Ginza line capture of 2017-12-15)
  /gtfs-rt/caltrain/trip-updates.pb              GTFS-Realtime TripUpdates (the Caltrain capture, protobuf)
  /gtfs-rt/keyed/trip-updates.pb                 the same, api_key must be --key (else 401)
Control:
  /_fault?mode=M[&code=N][&retry_after=R][&path=P][&seconds=S][&length=L]
                            every later data request (only those whose path starts with P, when given)
                            answers with a fault until mode=none:
                            html        200 text/html error page
                            truncated   200, half the file (JSON cut in the middle), honest Content-Length
                            status      code N (default 500) with a short HTML page; with retry_after=R a
                                        `Retry-After: R` header (R seconds), or with retry_after=date:R an
                                        HTTP-date R seconds after the response's `Date`
                            cut         Content-Length of the whole file, 100 bytes sent, connection closed
                            stall       200 with headers and 100 bytes of the body, then S seconds (default
                                        30) of silence before the rest
                            gzip        200, the file gzip-encoded (Content-Encoding: gzip) when the request
                                        accepts gzip; validators as usual
                            gzipbomb    200, Content-Encoding: gzip, L bytes (default 64 MiB) of zeros that
                                        compress to about 1/1000 of that
                            huge        200, L bytes (default 100 MiB) of JSON-ish filler generated while it
                                        is sent, with Content-Length; with length=L&chunked=1 chunked
                                        instead (no length announced); the bytes really written are logged
                            redirectloop 302 to the same URL, forever
                            badname     200, the file with one invalid UTF-8 byte after the first
                                        element name (`<entry\xff …`: it crashed FoundationXML)
  /_calendar?add=Y/S | remove=Y/S   makes a Qiita calendar exist (or stop existing)
  /_requests                JSON list of the data requests received: path, If-None-Match,
                            If-Modified-Since, Accept-Encoding, and bytes_sent / done for streamed bodies
"""

import argparse
import email.utils
import gzip
import hashlib
import json
import os
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Fixtures")
ROUTES = {
    "/data/3.0/onecall": ("weather/owm-onecall-3.0_nairobi_2025-07.json", "application/json", "appid"),
    "/data/2.5/onecall": ("weather/owm-onecall-2.5_pohang-kr_2021-12_metric_Turbstructor.json", "application/json", "appid"),
    "/v1/forecast": ("weather/open-meteo_forecast_tokyo_SegaraRai.json", "application/json", None),
    "/bosai/forecast/data/forecast/130000.json": ("weather/jma-bosai-forecast-130000_2026-01-05.json", "application/json", None),
    "/api/v4/odpt:StationTimetable": ("odpt/StationTimetable_TokyoMetro_Hanzomon_Oshiage.json", "application/json", "acl:consumerKey"),
    "/api/v4/odpt:BusstopPoleTimetable": ("odpt/BusStopPoleTimetable_Toei_Chokkou01.json", "application/json", "acl:consumerKey"),
    "/api/v4/odpt:TrainInformation": ("odpt/TrainInformation_TokyoMetro.json", "application/json", "acl:consumerKey"),
    "/api/v4/odpt:Train": ("odpt/Train_TokyoMetro_Ginza_20171215_155042.json", "application/json", "acl:consumerKey"),
    "/gtfs-rt/caltrain/trip-updates.pb": ("realtime/transitland-caltrain/ct-trip-updates.pb", "application/x-protobuf", None),
    "/gtfs-rt/keyed/trip-updates.pb": ("realtime/transitland-caltrain/ct-trip-updates.pb", "application/x-protobuf", "api_key"),
}

QIITA = ("feeds/qiita/qiita-user-feed_ftnext_test-fixture.atom", "application/atom+xml; charset=utf-8", None)
# Station timetables by station (any other station gets the Oshiage file): the example Ginza data
# of rules/ (ILLUSTRATIVE, see scripts/generate-ginza-example.py) for the `ginza-live` board.
STATIONS = {
    "odpt.Station:TokyoMetro.Ginza.Ginza": "../../rules/data/StationTimetable_TokyoMetro_Ginza_EXAMPLE.json",
}
# Bus pole timetables by pole (any other pole gets the Toei file).
POLES = {
    "odpt.BusstopPole:OdakyuBus.Choufuekikitaguchi.10225.13": "odpt/BusTimetable_OdakyuBus_Kichi06_Weekday01_2records.json",
}

state = {"fault": None, "code": 500, "retry_after": None, "path": None, "seconds": 30.0, "length": None,
         "chunked": False, "requests": [], "calendars": {"2024/ios"}}
bomb_cache = {}
lock = threading.Lock()
options = None


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def send_body(self, status, body, content_type, extra=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in extra:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def html(self, status, text):
        page = "<!DOCTYPE html><html><head><title>%d</title></head><body><h1>%s</h1></body></html>" % (status, text)
        self.send_body(status, page.encode(), "text/html; charset=utf-8")

    def do_GET(self):
        url = urlparse(self.path)
        query = {k: v[-1] for k, v in parse_qs(url.query).items()}
        if url.path == "/_fault":
            with lock:
                state["fault"] = None if query.get("mode", "none") == "none" else query["mode"]
                state["code"] = int(query.get("code", "500"))
                state["retry_after"] = query.get("retry_after")
                state["path"] = query.get("path")
                state["seconds"] = float(query.get("seconds", "30"))
                state["length"] = int(query["length"]) if "length" in query else None
                state["chunked"] = query.get("chunked") == "1"
            self.send_body(200, b"{}", "application/json")
            return
        if url.path == "/_calendar":
            with lock:
                if "add" in query:
                    state["calendars"].add(query["add"])
                if "remove" in query:
                    state["calendars"].discard(query["remove"])
            self.send_body(200, b"{}", "application/json")
            return
        if url.path == "/_requests":
            with lock:
                body = json.dumps(state["requests"]).encode()
            self.send_body(200, body, "application/json")
            return
        entry = {"path": self.path, "if_none_match": self.headers.get("If-None-Match"),
                 "if_modified_since": self.headers.get("If-Modified-Since"),
                 "accept_encoding": self.headers.get("Accept-Encoding")}
        with lock:
            state["requests"].append(entry)
            fault = state["fault"]
            if fault is not None and state["path"] is not None and not url.path.startswith(state["path"]):
                fault = None
            settings = dict(state)
        route = ROUTES.get(url.path)
        parts = url.path.split("/")
        if route is None and len(parts) == 5 and parts[1] == "advent-calendar" and parts[4] == "feed":
            with lock:
                exists = "%s/%s" % (parts[2], parts[3]) in state["calendars"]
            route = QIITA if exists else None
        if route is None:
            self.html(404, "Not Found")
            return
        name, content_type, key_parameter = route
        if url.path.endswith("/onecall") and query.get("units", "standard") != "standard":
            name = ROUTES["/data/2.5/onecall"][0]
        if url.path.endswith("odpt:StationTimetable") and query.get("odpt:station") in STATIONS:
            name = STATIONS[query.get("odpt:station")]
        if url.path.endswith("odpt:BusstopPoleTimetable") and query.get("odpt:busstopPole") in POLES:
            name = POLES[query.get("odpt:busstopPole")]
        if key_parameter and query.get(key_parameter) != options.key:
            # Like some real APIs, the error echoes the key it refused.
            body = json.dumps({"cod": 401, "message": "Invalid API key %s" % query.get(key_parameter)}).encode()
            if options.echo:
                # A debug error page: the request line and every request header.
                body += ("\n%s %s %s\n" % (self.command, self.path, self.request_version) + "".join(
                    "%s: %s\n" % (name, value) for name, value in self.headers.items())).encode()
            self.send_body(401, body, "application/json")
            return
        path = os.path.join(FIXTURES, name)
        with open(path, "rb") as handle:
            content = handle.read()
        if fault is not None and self.fault(fault, settings, entry, content, content_type, key_parameter, query):
            return
        etag = '"%s"' % hashlib.sha1(content).hexdigest()[:16]
        last_modified = email.utils.formatdate(os.path.getmtime(path), usegmt=True)
        validators = [("ETag", etag), ("Last-Modified", last_modified)]
        inm = self.headers.get("If-None-Match")
        if inm == etag or (inm is None and self.headers.get("If-Modified-Since") == last_modified):
            self.send_response(304)
            for header, value in validators:
                self.send_header(header, value)
            self.end_headers()
            return
        if fault == "gzip" and "gzip" in (self.headers.get("Accept-Encoding") or ""):
            compressed = gzip.compress(content)
            entry["bytes_sent"] = len(compressed)
            self.send_body(200, compressed, content_type, validators + [("Content-Encoding", "gzip")])
            return
        self.send_body(200, content, content_type, validators)

    def fault(self, fault, settings, entry, content, content_type, key_parameter, query):
        """Answers with `fault`; False when the fault only changes the normal answer (gzip)."""
        if fault == "html":
            self.html(200, "Service temporarily unavailable for key %s" % query.get(key_parameter or "", ""))
        elif fault == "badname":
            self.send_body(200, content.replace(b"<entry", b"<entry\xff", 1), content_type)
        elif fault == "truncated":
            self.send_body(200, content[: len(content) // 2], content_type)
        elif fault == "status":
            code = settings["code"]
            retry_after = settings["retry_after"]
            page = ("<!DOCTYPE html><html><body><h1>Error %d</h1></body></html>" % code).encode()
            self.send_response(code)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(page)))
            if retry_after is not None:
                if retry_after.startswith("date:"):
                    retry_after = email.utils.formatdate(time.time() + float(retry_after[5:]), usegmt=True)
                self.send_header("Retry-After", retry_after)
            self.end_headers()
            self.wfile.write(page)
        elif fault == "cut":
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(content)))
            self.end_headers()
            self.wfile.write(content[:100])
            self.wfile.flush()
            self.close_connection = True
        elif fault == "stall":
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(content)))
            self.end_headers()
            self.wfile.write(content[:100])
            self.wfile.flush()
            time.sleep(settings["seconds"])
            try:
                self.wfile.write(content[100:])
            except OSError:
                pass
            self.close_connection = True
        elif fault == "gzipbomb":
            length = settings["length"] or 64 * 1024 * 1024
            with lock:
                bomb = bomb_cache.get(length)
                if bomb is None:
                    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
                    block = b"\0" * (1024 * 1024)
                    pieces = [packer.compress(block) for _ in range(length // len(block))]
                    bomb = b"".join(pieces) + packer.compress(b"\0" * (length % len(block))) + packer.flush()
                    bomb_cache[length] = bomb
            entry["bytes_sent"] = len(bomb)
            self.send_body(200, bomb, content_type, [("Content-Encoding", "gzip")])
        elif fault == "huge":
            self.stream_huge(settings, entry)
        elif fault == "redirectloop":
            self.send_response(302)
            self.send_header("Location", self.path)
            self.send_header("Content-Length", "0")
            self.end_headers()
        else:
            return False
        return True

    def stream_huge(self, settings, entry):
        """Generates the body while sending it and logs how much was really written."""
        length = settings["length"] or 100 * 1024 * 1024
        chunked = settings["chunked"]
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(length))
        self.end_headers()
        block = b'{"filler": "' + b"x" * (64 * 1024 - 16) + b'"},\n'
        sent = 0
        try:
            while sent < length:
                piece = block[: min(len(block), length - sent)]
                if chunked:
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece))
                else:
                    self.wfile.write(piece)
                sent += len(piece)
                with lock:
                    entry["bytes_sent"] = sent
            if chunked:
                self.wfile.write(b"0\r\n\r\n")
        except OSError:
            pass
        with lock:
            entry["bytes_sent"] = sent
            entry["done"] = "yes"
        self.close_connection = True


def main():
    global options
    parser = argparse.ArgumentParser()
    parser.add_argument("--lifetime", type=float, default=60)
    parser.add_argument("--key", default="test-key")
    parser.add_argument("--echo", action="store_true",
                        help="a 401 body also echoes the request line and every request header")
    options = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    stopper = threading.Timer(options.lifetime, lambda: os._exit(0))
    stopper.daemon = True
    stopper.start()
    sys.stdin.read()
    os._exit(0)


if __name__ == "__main__":
    main()
