#!/usr/bin/env python3
"""Writes the seed corpora that are not plain fixture files: Fuzz/seeds/gtfs-csv (a member selector
byte + a GTFS table, see Fuzz/targets/gtfs-csv.swift), Fuzz/seeds/gtfs-zip (the fixture feeds zipped,
stored and deflated) and Fuzz/seeds/http-headers (response header blocks). Run from the repository
root after the fixtures change; the output is committed."""
import os, zipfile, io

ROOT = "Tests/Fixtures/gtfs"
MEMBERS = ["agency.txt", "stops.txt", "routes.txt", "calendar.txt", "calendar_dates.txt", "trips.txt",
           "frequencies.txt", "stop_times.txt"]
FEEDS = [os.path.join(ROOT, "gtfs-jp-rinkobus")] + sorted(
    os.path.join(ROOT, "transitfeed-tests", d) for d in os.listdir(os.path.join(ROOT, "transitfeed-tests"))
    if os.path.isdir(os.path.join(ROOT, "transitfeed-tests", d)))

def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)

for feed in FEEDS:
    name = os.path.basename(feed)
    for index, member in enumerate(MEMBERS):
        path = os.path.join(feed, member)
        if os.path.exists(path):
            data = open(path, "rb").read()[:8192]
            write(f"Fuzz/seeds/gtfs-csv/{name}-{member}", bytes([index]) + data)
    for method, tag in ((zipfile.ZIP_STORED, "stored"), (zipfile.ZIP_DEFLATED, "deflated")):
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", method) as archive:
            for member in sorted(os.listdir(feed)):
                archive.writestr(("feed/" if tag == "stored" and name == "good_feed" else "") + member,
                                 open(os.path.join(feed, member), "rb").read())
        write(f"Fuzz/seeds/gtfs-zip/{name}-{tag}.zip", buffer.getvalue())
for zipped in ("bad_eol.zip", "good_feed.zip"):
    write(f"Fuzz/seeds/gtfs-zip/transitfeed-{zipped}", open(os.path.join(ROOT, "transitfeed-tests", zipped), "rb").read())

# The small feed that Fuzz/targets/gtfs-csv.swift starts from: each member as a seed is a valid feed.
BASE = {
    "agency.txt": "agency_id,agency_name,agency_url,agency_timezone\nA,Agency,http://example.com,Asia/Tokyo\n",
    "stops.txt": "stop_id,stop_name,platform_code\nS1,一の橋,3\nS2,二の橋,\nS3,,\n",
    "routes.txt": "route_id,route_short_name,route_long_name\nR1,鷹56,\nR2,,Long Name\n",
    "calendar.txt": "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nWK,1,1,1,1,1,0,0,20241201,20241231\n",
    "calendar_dates.txt": "service_id,date,exception_type\nWK,20241221,1\nSA,20241223,1\n",
    "trips.txt": "route_id,service_id,trip_id,trip_headsign\nR1,WK,T1,三鷹駅\nR2,SA,T2,\n",
    "frequencies.txt": "trip_id,start_time,end_time,headway_secs\nT2,6:00:00,7:00:00,600\n",
    "stop_times.txt": "trip_id,arrival_time,departure_time,stop_id,stop_sequence,stop_headsign\nT1,6:00:00,6:00:00,S1,1,\nT1,6:10:00,6:10:00,S2,2,経由\nT2,25:00:00,25:00:00,S1,1,\n",
}
for index, member in enumerate(MEMBERS):
    write(f"Fuzz/seeds/gtfs-csv/base-{member}", bytes([index]) + BASE[member].encode())

# ODPT and weather documents cut down to a few records and a few entries per list (still valid JSON of
# the same shape), so the JSON targets mutate small inputs (their -max_len is 16 KiB) instead of 250 KB.
import json
def shrink(value, depth=0):
    if isinstance(value, list):
        return [shrink(v, depth + 1) for v in value[:4]]
    if isinstance(value, dict):
        items = list(value.items())
        return {k: shrink(v, depth + 1) for k, v in (items[:8] if len(items) > 16 else items)}
    return value
for directory, out in (("Tests/Fixtures/odpt", "odpt"), ("Tests/Fixtures/weather", "weather")):
    for name in sorted(os.listdir(directory)):
        document = json.load(open(os.path.join(directory, name), encoding="utf-8"))
        data = json.dumps(shrink(document), ensure_ascii=False, indent=1).encode()
        write(f"Fuzz/seeds/{out}/{name}", data)

# The example configuration's YAML files (rules/ also holds timetables and data the target never reads).
for name in sorted(os.listdir("rules")):
    if name.endswith((".yaml", ".yml")):
        write(f"Fuzz/seeds/rules-yaml/{name}", open(os.path.join("rules", name), "rb").read())

HEADERS = {
    "ok": "HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\nETag: W/\"5f2-abc\"\r\n"
          "Last-Modified: Wed, 21 Oct 2015 07:28:00 GMT\r\nContent-Length: 12\r\n\r\n",
    "retry-seconds": "HTTP/2 429\r\nretry-after: 120\r\ndate: Tue, 01 Dec 2026 00:00:00 GMT\r\n\r\n",
    "retry-date": "HTTP/1.1 503 Service Unavailable\r\nRetry-After: Fri, 31 Dec 1999 23:59:59 GMT\r\n"
                  "Date: Thu, 01 Dec 1994 16:00:00 GMT\r\n\r\n",
    "retry-rfc850": "HTTP/1.1 429 Too Many Requests\r\nRetry-After: Sunday, 06-Nov-94 08:49:37 GMT\r\n\r\n",
    "retry-asctime": "HTTP/1.1 429 Too Many Requests\r\nRetry-After: Sun Nov  6 08:49:37 1994\r\n\r\n",
    "redirect": "HTTP/1.1 301 Moved Permanently\r\nLocation: https://example.com/b\r\n\r\n"
                "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nX-Folded: a\r\n\tb\r\n:empty-name\r\nno colon\r\n\r\n",
}
for name, text in HEADERS.items():
    write(f"Fuzz/seeds/http-headers/{name}", text.encode())
