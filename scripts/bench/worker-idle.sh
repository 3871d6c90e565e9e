#!/usr/bin/env bash
# The idle cost of `leavenow run` on the example rules: CPU seconds and memory over a quiet minute.
#
#   scripts/bench/worker-idle.sh [SECONDS] [BINARY] [-- extra env assignments, e.g. MALLOC_ARENA_MAX=2]
#
# Starts `BINARY run --rules rules --state TMP/state.db --fixtures rules/fixtures` (real clock: the
# 2024 fixtures hold nothing upcoming, so the worker only wakes for its rules' own wake-ups), waits
# 5 s for start-up, samples utime+stime from /proc/PID/stat, waits SECONDS (default 60), samples
# again, then reads VmRSS / VmHWM / Threads from /proc/PID/status and Rss / Pss / Private from
# /proc/PID/smaps_rollup. Reports the CPU of the idle window only (start-up shown separately).
# Stops only the process it started (by its pid).
set -euo pipefail

seconds=${1:-60}
binary=${2:-.build/release/leavenow}
shift $(( $# > 2 ? 2 : $# )) || true
[ "${1:-}" = "--" ] && shift
extra_env=("$@")

cd "$(dirname "$0")/../.."
[ -x "$binary" ] || { echo "worker-idle: $binary not built (swift build -c release)" >&2; exit 1; }
tmp=$(mktemp -d)
pid=""
cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT

env "${extra_env[@]}" "$binary" run --rules rules --state "$tmp/state.db" --fixtures rules/fixtures \
  >"$tmp/stdout.log" 2>"$tmp/worker.log" &
pid=$!

ticks=$(getconf CLK_TCK)
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }  # utime + stime (fields after "(comm)")
field() { awk -v key="$1:" '$1 == key { print $2 }' "$2"; }

sleep 5
kill -0 "$pid" 2>/dev/null || { echo "worker-idle: the worker exited:" >&2; cat "$tmp/worker.log" >&2; exit 1; }
start_ticks=$(cpu_ticks)
start_wall=$(date +%s.%N)
sleep "$seconds"
kill -0 "$pid" 2>/dev/null || { echo "worker-idle: the worker exited:" >&2; cat "$tmp/worker.log" >&2; exit 1; }
end_ticks=$(cpu_ticks)
end_wall=$(date +%s.%N)

status=/proc/$pid/status
rollup=/proc/$pid/smaps_rollup
rss=$(field VmRSS "$status"); hwm=$(field VmHWM "$status"); threads=$(field Threads "$status")
pss=$(field Pss "$rollup")
private=$(( $(field Private_Clean "$rollup") + $(field Private_Dirty "$rollup") ))
anon=$(field Anonymous "$rollup")
wakeups=$(grep -c 'event=' "$tmp/worker.log" || true)

awk -v s="$start_ticks" -v e="$end_ticks" -v t="$ticks" -v w0="$start_wall" -v w1="$end_wall" \
    -v startup="$start_ticks" -v rss="$rss" -v hwm="$hwm" -v pss="$pss" -v priv="$private" -v anon="$anon" \
    -v threads="$threads" -v env="${extra_env[*]:-}" -v lines="$wakeups" 'BEGIN {
  wall = w1 - w0; cpu = (e - s) / t
  printf "worker idle over %.1f s%s\n", wall, (env == "" ? "" : " (" env ")")
  printf "  CPU            %.3f s  = %.4f CPU-s per idle minute (start-up: %.2f s; clock tick 1/%d s)\n", cpu, cpu * 60 / wall, startup / t, t
  printf "  VmRSS          %.1f MB (peak %.1f MB)\n", rss / 1024, hwm / 1024
  printf "  Pss            %.1f MB   Private %.1f MB   Anonymous %.1f MB\n", pss / 1024, priv / 1024, anon / 1024
  printf "  threads        %d\n", threads
  printf "  log lines      %d\n", lines
}'
