#!/usr/bin/env python3
"""Generates the ILLUSTRATIVE recorded responses of the example rules (rules/fixtures, rules/tests/fixtures-*).

They are constructed in the real response shapes (OpenWeather One Call 3.0, Qiita Advent Calendar Atom),
not recorded from the services: a Sunday (2024-12-22) at Chofu with rain arriving at 10:22 and the
pressure falling 8 hPa over the afternoon, and the Qiita iOS Advent Calendar 2024 gaining its day-22
article. Titles, authors and ids are made up. Also Tokyo Metro service status (odpt:TrainInformation,
2025 multilingual shape) on Monday 2025-01-20 with a made-up Ginza line delay from 07:38 to 08:23.
"""
import datetime as dt
import json
import os

ROOT = os.path.join(os.path.dirname(__file__), "..", "rules")
JST = dt.timezone(dt.timedelta(hours=9))


def epoch(y, mo, d, h, mi):
    return int(dt.datetime(y, mo, d, h, mi, tzinfo=JST).timestamp())


def onecall(fetched, rain_from=None, rain_until=None, pressure_start=1016.0, pressure_drop=8.0, drop_hours=(13, 19)):
    """A One Call 3.0 response fetched at `fetched` (epoch) for Chofu."""
    start_minute = fetched - fetched % 60
    minutely = []
    for i in range(60):
        t = start_minute + 60 * i
        wet = rain_from is not None and rain_from <= t < (rain_until or 10**12)
        minutely.append({"dt": t, "precipitation": 1.2 if wet else 0})
    hour0 = fetched - fetched % 3600
    hourly = []
    for i in range(48):
        t = hour0 + 3600 * i
        local_hour = dt.datetime.fromtimestamp(t, JST).hour
        day_offset = (dt.datetime.fromtimestamp(t, JST).date() - dt.date(2024, 12, 22)).days
        # Pressure: steady, then falling through the afternoon of the 22nd, low in the evening.
        if day_offset == 0 and drop_hours[0] <= local_hour <= drop_hours[1]:
            p = pressure_start - pressure_drop * (local_hour - drop_hours[0]) / (drop_hours[1] - drop_hours[0])
        elif (day_offset == 0 and local_hour > drop_hours[1]) or day_offset > 0:
            p = pressure_start - pressure_drop
        else:
            p = pressure_start
        wet = rain_from is not None and rain_from - 3600 < t < (rain_until or 10**12)
        entry = {"dt": t, "temp": round(8.5 - abs(14 - local_hour) * 0.4, 2), "feels_like": 6.0, "pressure": round(p),
                 "humidity": 70, "dew_point": 2.0, "uvi": 0, "clouds": 90, "visibility": 10000, "wind_speed": 3.1,
                 "wind_deg": 40, "wind_gust": 5.0,
                 "weather": [{"id": 500 if wet else 804, "main": "Rain" if wet else "Clouds",
                              "description": "小雨" if wet else "厚い雲", "icon": "10d" if wet else "04d"}],
                 "pop": 0.8 if wet else 0.1}
        if wet:
            entry["rain"] = {"1h": 1.2}
        hourly.append(entry)
    return {"lat": 35.6515, "lon": 139.6368, "timezone": "Asia/Tokyo", "timezone_offset": 32400,
            "minutely": minutely, "hourly": hourly}


def write_json(path, value):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(value, f, ensure_ascii=False, indent=1)
        f.write("\n")


def atom(entries, updated):
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<feed xml:lang="ja-JP" xmlns="http://www.w3.org/2005/Atom">',
             '  <!-- ILLUSTRATIVE example in the shape of a Qiita Advent Calendar feed: titles, authors and ids are made up. -->',
             '  <id>tag:qiita.com,2005:/advent-calendar/2024/ios/feed</id>',
             '  <link rel="alternate" type="text/html" href="https://qiita.com"/>',
             '  <link rel="self" type="application/atom+xml" href="https://qiita.com/advent-calendar/2024/ios/feed"/>',
             '  <title>iOS Advent Calendar 2024の記事 - Qiita</title>',
             f'  <updated>{updated}</updated>']
    for number, day, title, author in entries:
        lines += ['  <entry>',
                  f'    <id>tag:qiita.com,2005:PublicArticle/{number}</id>',
                  f'    <published>2024-12-{day:02d}T07:00:00+09:00</published>',
                  f'    <updated>{updated}</updated>',
                  f'    <link rel="alternate" type="text/html" href="https://qiita.com/{author}/items/example{number}"/>',
                  f'    <url>https://qiita.com/{author}/items/example{number}</url>',
                  f'    <title>{title}</title>',
                  '    <content type="text">(example)</content>',
                  f'    <author><name>{author}</name></author>',
                  '  </entry>']
    lines.append('</feed>')
    return "\n".join(lines) + "\n"


GINZA_DELAY = {
    "status": {"ja": "遅延", "en": "Delay"},
    "text": {"ja": "7時38分頃、渋谷駅で信号確認を行った影響で、銀座線の一部の列車に遅れが出ています。",
             "en": "Due to a signal check at Shibuya Station at around 7:38, some Ginza Line trains are delayed."},
    "cause": {"ja": "信号確認", "en": "Signal check"},
    "origin": "2025-01-20T07:38:00+09:00",
}


def train_information(fetched, ginza=None, ginza_normal_since="2025-01-18T05:10:00+09:00"):
    """An odpt:TrainInformation response of Tokyo Metro (2025 shape, multilingual texts) fetched at
    `fetched` (a datetime): the Ginza line delayed when `ginza` is given, every line normal otherwise."""
    date = fetched.isoformat()
    valid = (fetched + dt.timedelta(minutes=5)).isoformat()
    records = []
    for number, line in enumerate(["Ginza", "Marunouchi", "Hanzomon"]):
        record = {"@id": f"urn:uuid:00000000-0000-4000-8000-illustrative{number}",
                  "@type": "odpt:TrainInformation", "dc:date": date,
                  "@context": "http://vocab.odpt.org/context_odpt_TrainInformation.jsonld", "dct:valid": valid,
                  "owl:sameAs": f"odpt.TrainInformation:TokyoMetro.{line}", "odpt:railway": f"odpt.Railway:TokyoMetro.{line}",
                  "odpt:operator": "odpt.Operator:TokyoMetro"}
        if line == "Ginza" and ginza:
            record["odpt:timeOfOrigin"] = ginza["origin"]
            record["odpt:trainInformationStatus"] = ginza["status"]
            record["odpt:trainInformationCause"] = ginza["cause"]
            record["odpt:trainInformationText"] = ginza["text"]
        else:
            record["odpt:timeOfOrigin"] = ginza_normal_since if line == "Ginza" else "2025-01-18T05:10:00+09:00"
            record["odpt:trainInformationText"] = {"ja": "現在、平常どおり運転しています。",
                                                   "en": "Trains are operating normally."}
        records.append(record)
    return records


def write_text(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def main():
    rainy = os.path.join(ROOT, "fixtures")
    rain_from, rain_until = epoch(2024, 12, 22, 10, 22), epoch(2024, 12, 22, 11, 40)
    write_json(f"{rainy}/weather/chofu/2024-12-22T09:50:00+09:00.json",
               onecall(epoch(2024, 12, 22, 9, 50), rain_from, rain_until))
    write_json(f"{rainy}/weather/chofu/2024-12-22T10:50:00+09:00.json",
               onecall(epoch(2024, 12, 22, 10, 50), rain_from, rain_until))
    write_json(f"{rainy}/weather/chofu/2024-12-22T12:50:00+09:00.json",
               onecall(epoch(2024, 12, 22, 12, 50), rain_from, rain_until))
    dry = os.path.join(ROOT, "tests", "fixtures-dry")
    write_json(f"{dry}/weather/chofu/2024-12-22T09:50:00+09:00.json", onecall(epoch(2024, 12, 22, 9, 50), pressure_drop=0))

    older = [(3400019, 19, "SwiftUIのNavigationStackで迷子にならない", "ios-example-a"),
             (3400020, 20, "Swift Concurrencyとactorの使い分け", "ios-example-b"),
             (3400021, 21, "Xcode 16のビルド時間を半分にした話", "ios-example-c")]
    day22 = (3400022, 22, "Swift on Linuxで通知ワーカーを書く", "ios-example-d")
    feed = f"{rainy}/feeds/qiita-ios-2024"
    write_text(f"{feed}/2024-12-22T06:00:00+09:00.xml", atom(list(reversed(older)), "2024-12-21T07:00:00+09:00"))
    write_text(f"{feed}/2024-12-22T07:15:00+09:00.xml", atom(list(reversed(older + [day22])), "2024-12-22T07:00:00+09:00"))
    edited = (day22[0], day22[1], day22[2] + "（追記あり）", day22[3])
    write_text(f"{feed}/2024-12-22T12:00:00+09:00.xml", atom(list(reversed(older + [edited])), "2024-12-22T11:30:00+09:00"))
    broken = os.path.join(ROOT, "tests", "fixtures-broken-feed", "feeds", "qiita-ios-2024")
    write_text(f"{broken}/2024-12-22T06:00:00+09:00.xml", atom(list(reversed(older)), "2024-12-21T07:00:00+09:00"))
    write_text(f"{broken}/2024-12-22T07:15:00+09:00.xml", atom(list(reversed(older + [day22])), "2024-12-22T07:00:00+09:00")[:700])
    write_text(f"{broken}/2024-12-22T08:15:00+09:00.xml", atom(list(reversed(older + [day22])), "2024-12-22T07:00:00+09:00"))

    # Tokyo Metro service status on Monday 2025-01-20, every 5 minutes from 07:30 to 08:40: normal,
    # the Ginza line delayed from the 07:40 fetch (since 07:38) through 08:20, normal again from 08:25.
    status = f"{rainy}/service_status/tokyo-metro"
    for minutes in range(0, 75, 5):
        fetched = dt.datetime(2025, 1, 20, 7, 30, tzinfo=JST) + dt.timedelta(minutes=minutes)
        delayed = dt.datetime(2025, 1, 20, 7, 40, tzinfo=JST) <= fetched <= dt.datetime(2025, 1, 20, 8, 20, tzinfo=JST)
        recovered = fetched > dt.datetime(2025, 1, 20, 8, 20, tzinfo=JST)
        write_json(f"{status}/{fetched.isoformat()}.json",
                   train_information(fetched, GINZA_DELAY if delayed else None,
                                     "2025-01-20T08:23:00+09:00" if recovered else "2025-01-18T05:10:00+09:00"))


if __name__ == "__main__":
    main()
