#!/usr/bin/env bash
# Idle cost of a running process: CPU time it spends and its resident memory over a window.
#
#   measure-idle.sh PID [SECONDS]      (SECONDS defaults to 60)
#
# Prints "cpu_seconds rss_kb": user+system CPU seconds the process (its threads, not its
# children) used during the window (from /proc/PID/stat utime+stime), and VmRSS at the end.
# Fails if the process is gone before the window ends.
set -euo pipefail
pid=${1:?usage: measure-idle.sh PID [SECONDS]}
seconds=${2:-60}
ticks=$(getconf CLK_TCK)

cpu_ticks() {
  local stat rest
  stat=$(cat "/proc/$pid/stat") || return 1
  rest=${stat##*) }               # fields after "(comm) "; comm may hold spaces
  # shellcheck disable=SC2086
  set -- $rest                    # $1 = state (field 3), utime = field 14 → $12, stime → $13
  echo $(( ${12} + ${13} ))
}

[ -r "/proc/$pid/stat" ] || { echo "measure-idle.sh: no process $pid" >&2; exit 1; }
start=$(cpu_ticks)
sleep "$seconds"
end=$(cpu_ticks) || { echo "measure-idle.sh: process $pid exited during the window" >&2; exit 1; }
rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$pid/status")
awk -v d=$((end - start)) -v t="$ticks" -v r="$rss" 'BEGIN { printf "%.2f %d\n", d / t, r }'
