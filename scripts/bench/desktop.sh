#!/usr/bin/env bash
# Cost per desktop notification: a bare `notify-send` loop vs leavenow's DesktopNotifier and
# Dispatcher, against the same real notification daemon (dunst) on a private session:
# dbus-daemon (session bus, no fork) + Xvfb + dunst, all stopped at the end by their own pids.
#
#   scripts/bench/desktop.sh [N] [BENCH]     (N = 200, BENCH = .build/release/leavenow-bench)
set -euo pipefail
count=${1:-200}
bench=${2:-.build/release/leavenow-bench}
cd "$(dirname "$0")/../.."
for program in dbus-daemon Xvfb dunst notify-send; do
  command -v "$program" >/dev/null || { echo "desktop: $program is missing (apt-get install dbus-daemon xvfb dunst libnotify-bin)" >&2; exit 1; }
done
tmp=$(mktemp -d)
pids=()
cleanup() {
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do kill "${pids[i]}" 2>/dev/null || true; wait "${pids[i]}" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT

dbus-daemon --session --nofork --nopidfile --print-address=1 >"$tmp/bus" 2>/dev/null &
pids+=($!)
Xvfb -displayfd 1 -nolisten tcp -screen 0 640x480x24 >"$tmp/display" 2>/dev/null &
pids+=($!)
for _ in $(seq 100); do [ -s "$tmp/bus" ] && [ -s "$tmp/display" ] && break; sleep 0.05; done
DBUS_SESSION_BUS_ADDRESS=$(head -1 "$tmp/bus")
DISPLAY=:$(head -1 "$tmp/display")
export DBUS_SESSION_BUS_ADDRESS DISPLAY
dunst >/dev/null 2>&1 &
pids+=($!)
for _ in $(seq 100); do dunstctl count displayed >/dev/null 2>&1 && break; sleep 0.05; done

echo "desktop: dunst $(dunst -v 2>/dev/null | head -1 | awk '{print $NF}') on Xvfb $DISPLAY, private session bus"
for run in 1 2 3; do
  start=$(date +%s%N)
  for ((i = 0; i < count; i++)); do
    notify-send --app-name=leavenow-bench --urgency=normal --expire-time=1000 -- "出発の時刻です" "10:40 銀座線 浅草行き"
  done
  end=$(date +%s%N)
  awk -v s="$start" -v e="$end" -v n="$count" -v r="$run" 'BEGIN { printf "  bare notify-send (bash loop) run %d: %.2f ms each\n", r, (e - s) / n / 1e6 }'
done
"$bench" desktop --count "$count" --runs 3
