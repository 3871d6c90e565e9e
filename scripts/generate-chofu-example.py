#!/usr/bin/env python3
"""Generates the ILLUSTRATIVE bus timetables of the Chofu <-> Mitaka example boards.

The real full-day timetables of these routes are not public data we hold. Only the Sunday
10:00-10:59 minutes at 調布駅北口 come from the original article (platform 12 鷹56: 06 20 33 47 59;
platform 11 鷹66: 00 20 39 58; platform 14 鷹51: 22). Everything else is made up, deterministically,
to look like a plausible day: the files say so in their first line.

Files are named the way the article names them: 路線名_出発地_目的地_乗り場_(平日|土曜|日祝).csv
"""
import os
import random

OUT = os.path.join(os.path.dirname(__file__), "..", "rules", "timetables")
DAYS = {"平日": "weekday", "土曜": "saturday", "日祝": "sunday_holiday"}

# (route, origin, destination, platform, folder, headway minutes per day type, first, last, late extras)
ROUTES = [
    ("鷹56", "調布駅北口", "三鷹駅", "乗り場12", "chofu-mitaka/taka56", {"平日": 12, "土曜": 13, "日祝": 14}, (6, 5), (23, 10), {"平日": [(24, 5)]}),
    ("鷹66", "調布駅北口", "三鷹駅", "乗り場11", "chofu-mitaka/taka66", {"平日": 17, "土曜": 19, "日祝": 19}, (6, 12), (22, 40), {"平日": [(24, 30)]}),
    ("鷹51", "調布駅北口", "三鷹駅", "乗り場14", "chofu-mitaka/taka51", {"平日": 45, "土曜": 60, "日祝": 60}, (6, 52), (21, 22), {}),
    ("鷹56", "三鷹駅南口", "調布駅北口", "乗り場6", "mitaka-chofu/taka56", {"平日": 12, "土曜": 13, "日祝": 14}, (6, 0), (23, 30), {"平日": [(24, 20)]}),
    ("鷹66", "三鷹駅南口", "調布駅北口", "乗り場7", "mitaka-chofu/taka66", {"平日": 17, "土曜": 19, "日祝": 19}, (6, 20), (22, 50), {"平日": [(25, 5)]}),
    ("鷹51", "三鷹駅南口", "調布駅北口", "乗り場2", "mitaka-chofu/taka51", {"平日": 45, "土曜": 60, "日祝": 60}, (7, 10), (21, 40), {}),
]

# The article's Sunday 10:00 hour at 調布駅北口 (kept exactly).
ARTICLE_SUNDAY_10 = {"chofu-mitaka/taka56": [6, 20, 33, 47, 59], "chofu-mitaka/taka66": [0, 20, 39, 58], "chofu-mitaka/taka51": [22]}


def day(route, folder, headway, first, last, extras, day_name):
    rng = random.Random(f"{folder}/{day_name}")
    minutes = []
    t = first[0] * 60 + first[1]
    end = last[0] * 60 + last[1]
    while t <= end:
        minutes.append(t)
        jitter = rng.choice([-2, -1, 0, 0, 1, 2]) if headway > 10 else 0
        rush = day_name == "平日" and (7 * 60 <= t < 9 * 60 or 17 * 60 <= t < 19 * 60)
        t += max(5, (headway * 2 // 3 if rush else headway) + jitter)
    if minutes[-1] < end - headway // 2:
        minutes.append(end)
    if day_name == "日祝" and folder in ARTICLE_SUNDAY_10:
        minutes = [m for m in minutes if not 600 <= m < 660] + [600 + m for m in ARTICLE_SUNDAY_10[folder]]
    minutes += [h * 60 + m for h, m in extras.get(day_name, [])]
    hours = {}
    for m in sorted(set(minutes)):
        hours.setdefault(m // 60, []).append(m % 60)
    return hours


def main():
    for route, origin, dest, platform, folder, headways, first, last, extras in ROUTES:
        directory = os.path.join(OUT, folder)
        os.makedirs(directory, exist_ok=True)
        for day_name in DAYS:
            hours = day(route, folder, headways[day_name], first, last, extras, day_name)
            lines = ["# ILLUSTRATIVE example timetable, not the operator's: only the Sunday 10:00 hour at 調布駅北口 is from the article."]
            lines += [",".join([str(h)] + [f"{m:02d}" for m in ms]) for h, ms in sorted(hours.items())]
            name = f"{route}_{origin}_{dest}_{platform}_{day_name}.csv"
            with open(os.path.join(directory, name), "w", encoding="utf-8", newline="\n") as f:
                f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
