#!/usr/bin/env bash
# `make demo`: leavenow on the bundled example boards (rules/), at moments where things happen.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/debug/leavenow}
step() { printf '\n\033[1m$ %s\033[0m\n' "$*"; "$@"; }

step "$bin" holidays --year 2025
step "$bin" board chofu-to-mitaka --date 2024-12-22
step "$bin" next chofu-to-mitaka --at 2024-12-22T10:32 --count 3
step "$bin" next chofu-to-mitaka --at 2024-12-22T10:32 --count 1 --json
step "$bin" next chofu-to-mitaka --at 2024-12-22T23:50 --count 2
LANG=ja_JP.UTF-8 step "$bin" next mitaka-to-chofu --at 2025-01-13T07:55 --count 3
step "$bin" next ginza --at 2025-01-17T23:50 --count 4
step "$bin" next ginza --at 2025-01-18T00:10 --count 3
step "$bin" next ginza --at 2025-01-13T05:00 --count 2
step "$bin" next oshiage --at 2017-04-07T23:55 --count 3
step "$bin" next kawasaki-west --at 2017-04-10T06:30 --count 3
step "$bin" next kawasaki-west --at 2025-04-10T06:30 --count 3

# The rules engine: validate, run the rule tests, and a dry-run day of the example rules on the
# recorded (illustrative) fixtures in rules/fixtures: nothing is sent.
step "$bin" check
step "$bin" test
step "$bin" dry-run --from 2024-12-22T00:00 --to 2024-12-22T23:59
step "$bin" explain chofu-leave-now --at 2024-12-22T10:26
step "$bin" explain headache-pressure --at 2024-12-22T12:50

# The worker, offline: `leavenow run` on the example rules with a simulated clock starting Sunday
# 2024-12-22 09:55 at Chofu, 60× real time, facts from the recorded fixtures. Every notification is
# committed to the outbox (SQLite) before it is sent. The phone and team channels are pointed at a
# local webhook sink started here (it prints what arrives); the desktop channel goes to the desktop
# when a session bus is present, otherwise to the sink too.
printf '\n\033[1m$ %s\033[0m\n' "$bin run --fixtures rules/fixtures --simulate-from 2024-12-22T09:55 --speed 60 --until 2024-12-22T10:35"
demo=$(mktemp -d)
printer=""
# On any exit (a step that failed included): the sink's stdin closes (it exits), the printer stops.
trap 'exec 3>&- 2>/dev/null || true; [ -z "$printer" ] || kill "$printer" 2>/dev/null || true; rm -rf "$demo"' EXIT
cp -R rules "$demo/rules"
desktop_channel="  - id: desktop
    type: webhook
    url_env: LEAVENOW_DEMO_SINK_URL"
if [ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] && command -v notify-send >/dev/null; then
  desktop_channel="  - id: desktop
    type: desktop
    app_name: leavenow"
  echo "(a session bus is present: the desktop channel shows real desktop notifications)"
fi
cat > "$demo/rules/channels.yaml" <<YAML
# make demo: the example channels, pointed at a local webhook sink.
channels:
  - id: phone
    type: webhook
    url_env: LEAVENOW_DEMO_SINK_URL
  - id: team
    type: webhook
    url_env: LEAVENOW_DEMO_SINK_URL
$desktop_channel
YAML
# The sink reads its stdin until it closes (fd 3 here) and prints its port first.
mkfifo "$demo/sink.in"
python3 scripts/demo-sink.py --lifetime 300 <"$demo/sink.in" >"$demo/sink.out" &
exec 3>"$demo/sink.in"
for _ in $(seq 100); do [ -s "$demo/sink.out" ] && break; sleep 0.05; done
port=$(head -n 1 "$demo/sink.out")
tail -n +2 -f "$demo/sink.out" &
printer=$!
echo "webhook sink on 127.0.0.1:$port; worker log in $demo/worker.log; 35 simulated minutes take ~35 s"
LEAVENOW_DEMO_SINK_URL="http://127.0.0.1:$port/hook" "$bin" run --rules "$demo/rules" --state "$demo/state/state.db" \
  --fixtures rules/fixtures --simulate-from 2024-12-22T09:55 --speed 60 --until 2024-12-22T10:35 2>"$demo/worker.log"
step "$bin" outbox --state "$demo/state/state.db" --status delivered,pending,dead
# The worker has finished (`--until`): `status` says so, and is healthy (exit 0) when every board,
# source and channel the rules use is fine (the examples' ended 2017 feeds are information).
status=0
step "$bin" status --rules "$demo/rules" --state "$demo/state/state.db" || status=$?
echo; echo "worker log (logfmt, one line per event):"; grep -E 'event=(worker|rules|notification)\.' "$demo/worker.log" | head -20
exec 3>&-
kill "$printer" 2>/dev/null || true
delivered=$("$bin" outbox --state "$demo/state/state.db" --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["counts"]["delivered"])')

printf '\n\033[1mdemo: what it showed\033[0m (on the example boards and rules in rules/, nothing sent outside this machine)\n'
echo "- holidays: Japan's national holidays of 2025"
echo "- board / next: the Chofu → Mitaka buses of a Sunday, the concierge at 10:32 and after the last bus, Mitaka → Chofu in"
echo "  Japanese on a holiday, the Ginza line across midnight, two 2017 timetables (Oshiage, a GTFS-JP bus feed) and, asked"
echo "  in 2025, that feed's end said as such (not an empty answer)"
echo "- check / test / dry-run / explain: the example rules validated, their tests run, a day planned without sending, two rules explained"
echo "- run: the worker on a simulated Sunday morning (09:55–10:35 at 60×): $delivered notifications delivered to the local webhook sink"
if [ "$status" -eq 0 ]; then
  echo "- status: healthy (exit 0): the worker stopped cleanly at the end of --until; the ended 2017 feed is information (no rule uses it)"
else
  echo "- status: exit $status: a health problem, listed above its 'worker:' line"
  exit "$status"
fi
