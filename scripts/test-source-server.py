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
  /advent-calendar/2024/ios/feed                 a Qiita Atom feed (other calendars: 404 HTML page)
  /api/v4/odpt:StationTimetable                  ODPT (acl:consumerKey must be --key, else 401)
  /api/v4/odpt:TrainInformation                  ODPT service status
Control:
  /_fault?mode=M[&code=N]   every later data request answers with a fault until mode=none:
                            html (200 text/html page), truncated (200, half the file, JSON cut),
                            status (code N with a short HTML page), cut (Content-Length larger than sent)
  /_requests                JSON list of the data requests received: path, If-None-Match, If-Modified-Since
"""

import argparse
import email.utils
import hashlib
import json
import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Fixtures")
ROUTES = {
    "/data/3.0/onecall": ("weather/owm-onecall-3.0_nairobi_2025-07.json", "application/json", "appid"),
    "/data/2.5/onecall": ("weather/owm-onecall-2.5_pohang-kr_2021-12_metric_Turbstructor.json", "application/json", "appid"),
    "/v1/forecast": ("weather/open-meteo_forecast_tokyo_SegaraRai.json", "application/json", None),
    "/bosai/forecast/data/forecast/130000.json": ("weather/jma-bosai-forecast-130000_2026-01-05.json", "application/json", None),
    "/advent-calendar/2024/ios/feed": ("feeds/qiita/qiita-user-feed_ftnext_test-fixture.atom", "application/atom+xml; charset=utf-8", None),
    "/api/v4/odpt:StationTimetable": ("odpt/StationTimetable_TokyoMetro_Hanzomon_Oshiage.json", "application/json", "acl:consumerKey"),
    "/api/v4/odpt:TrainInformation": ("odpt/TrainInformation_TokyoMetro.json", "application/json", "acl:consumerKey"),
}

state = {"fault": None, "code": 500, "requests": []}
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
            self.send_body(200, b"{}", "application/json")
            return
        if url.path == "/_requests":
            with lock:
                body = json.dumps(state["requests"]).encode()
            self.send_body(200, body, "application/json")
            return
        with lock:
            state["requests"].append({"path": self.path, "if_none_match": self.headers.get("If-None-Match"),
                                      "if_modified_since": self.headers.get("If-Modified-Since")})
            fault, code = state["fault"], state["code"]
        route = ROUTES.get(url.path)
        if route is None:
            self.html(404, "Not Found")
            return
        name, content_type, key_parameter = route
        if url.path.endswith("/onecall") and query.get("units", "standard") != "standard":
            name = ROUTES["/data/2.5/onecall"][0]
        if key_parameter and query.get(key_parameter) != options.key:
            # Like some real APIs, the error echoes the key it refused.
            body = json.dumps({"cod": 401, "message": "Invalid API key %s" % query.get(key_parameter)}).encode()
            self.send_body(401, body, "application/json")
            return
        path = os.path.join(FIXTURES, name)
        with open(path, "rb") as handle:
            content = handle.read()
        if fault == "html":
            self.html(200, "Service temporarily unavailable for key %s" % query.get(key_parameter or "", ""))
            return
        if fault == "truncated":
            self.send_body(200, content[: len(content) // 2], content_type)
            return
        if fault == "status":
            self.html(code, "Error %d" % code)
            return
        if fault == "cut":
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(content)))
            self.end_headers()
            self.wfile.write(content[:100])
            self.wfile.flush()
            self.close_connection = True
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
        self.send_body(200, content, content_type, validators)


def main():
    global options
    parser = argparse.ArgumentParser()
    parser.add_argument("--lifetime", type=float, default=60)
    parser.add_argument("--key", default="test-key")
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
