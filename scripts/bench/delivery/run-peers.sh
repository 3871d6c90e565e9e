#!/usr/bin/env bash
# Delivery benchmarks side by side: the sink's ceiling, Alertmanager, Apprise and (through hooks)
# leavenow, R rounds, interleaved within each round; prints a table of medians and writes JSON.
#
#   run-peers.sh [--runs 3] [--out peers.json] [--idle-seconds 60] [--alerts 20000]
#                [--latency-alerts 200] [--apprise-notifications 2000] [--apprise-threads 4]
#                [--quiet-wait 30] [--only LIST]
#                [--ours-name leavenow] [--ours-throughput CMD] [--ours-throughput-fields LIST]
#                [--ours-latency CMD] [--ours-idle CMD]
#
# --only LIST: comma-separated subset of ceiling,am-throughput,apprise,am-latency,am-idle,ours
# --quiet-wait S: before each measurement wait up to S s until the machine is quiet (less than 25 %
#   of both cores busy over 1 s, from /proc/stat); the load seen is recorded with every value
#   ("other_load_pct" in the JSON: other work on the machine, e.g. a build, skews the numbers).
#
# Hooks (each CMD is run with `bash -c`, R times, under with-sink.sh, in the current directory; the last
# line of its stdout is read):
#   --ours-throughput CMD  prints notifications/s. Env: SINK_URL, SINK_LOG, SINK_PID (nginx sink),
#                          DELIVERY_BENCH (this folder: count_sink.py, measure-idle.sh, ...).
#                          With --ours-throughput-fields a,b,c it prints one number per field instead
#                          (several paths of ours measured in the same round).
#   --ours-latency CMD     prints "p50_ms p99_ms". Env as above plus LATENCY_SINK (latency_sink.py:
#                          prints its port, then "<arrival_ns> <Idempotency-Key>" per request).
#   --ours-idle CMD        prints "cpu_seconds rss_kb" (use "$DELIVERY_BENCH/measure-idle.sh PID
#                          $IDLE_SECONDS" once the worker has settled). Env as above plus IDLE_SECONDS.
# A hook that exits non-zero or prints no number counts as a failed run (shown in the table).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

runs=3 out=peers.json idle_seconds=60 alerts=20000 latency_alerts=200
apprise_n=2000 apprise_threads=4 quiet_wait=30 only=ceiling,am-throughput,apprise,am-latency,am-idle,ours
ours_name=leavenow ours_throughput= ours_throughput_fields=notifications_per_s ours_latency= ours_idle=
while (($#)); do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --idle-seconds) idle_seconds=$2; shift 2 ;;
    --alerts) alerts=$2; shift 2 ;;
    --latency-alerts) latency_alerts=$2; shift 2 ;;
    --apprise-notifications) apprise_n=$2; shift 2 ;;
    --apprise-threads) apprise_threads=$2; shift 2 ;;
    --quiet-wait) quiet_wait=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --ours-name) ours_name=$2; shift 2 ;;
    --ours-throughput) ours_throughput=$2; shift 2 ;;
    --ours-throughput-fields) ours_throughput_fields=$2; shift 2 ;;
    --ours-latency) ours_latency=$2; shift 2 ;;
    --ours-idle) ours_idle=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "run-peers.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
apprise_python=${APPRISE_PYTHON:-/tmp/leavenow-bench-venv/bin/python}
for tool in nginx wrk prometheus-alertmanager; do
  command -v "$tool" >/dev/null || { echo "run-peers.sh: $tool missing: run $here/setup.sh" >&2; exit 1; }
done
[ -x "$apprise_python" ] || { echo "run-peers.sh: $apprise_python missing: run $here/setup.sh" >&2; exit 1; }

work=$(mktemp -d /tmp/leavenow-peers.XXXXXX)
current=
stop_current() {   # timeout passes the signal on to its process group (with-sink.sh stops its CMD and the sink)
  if [ -n "$current" ]; then kill -TERM "$current" 2>/dev/null || true; wait "$current" 2>/dev/null || true; fi
}
trap 'stop_current; rm -rf "$work"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
raw=$work/raw.tsv
: >"$raw"
wants() { [[ ",$only," == *",$1,"* ]]; }

# Share of both cores busy (all processes) over one second, from /proc/stat: taken between
# measurements, so it is other people's load (a build), not ours.
cpu_busy() {
  local a b
  a=$(awk '/^cpu / { print $2+$3+$4+$7+$8+$9, $2+$3+$4+$5+$6+$7+$8+$9 }' /proc/stat)
  sleep 1
  b=$(awk '/^cpu / { print $2+$3+$4+$7+$8+$9, $2+$3+$4+$5+$6+$7+$8+$9 }' /proc/stat)
  awk -v a="$a" -v b="$b" 'BEGIN { split(a, x, " "); split(b, y, " ");
    d = y[2] - x[2]; printf "%.0f\n", (d > 0 ? 100 * (y[1] - x[1]) / d : 0) }'
}
busy=0
wait_quiet() {   # up to --quiet-wait s for the others' load to fall below 25 %; leaves it in $busy
  local end=$((SECONDS + quiet_wait))
  busy=$(cpu_busy)
  while ((busy >= 25 && SECONDS < end)); do sleep 1; busy=$(cpu_busy); done
}

# measure NAME FIELDS TIMEOUT CMD...: runs CMD, appends "name run field value load" per field.
measure() {
  local name=$1 fields=$2 limit=$3; shift 3
  wait_quiet
  local load=$busy line rc=0
  timeout --kill-after=10 "$limit" "$@" >"$work/stdout" 2>"$work/stderr" &
  current=$!
  wait "$current" || rc=$?
  current=
  line=$(tail -n 1 "$work/stdout")
  # shellcheck disable=SC2206
  local values=($line) names=(${fields//,/ }) i
  if ((rc != 0)) || ((${#values[@]} < ${#names[@]})); then
    echo "  $name: run $run failed (exit $rc): $(tail -n 3 "$work/stderr" | tr '\n' ' ')" >&2
    for i in "${!names[@]}"; do printf '%s\t%s\t%s\tfailed\t%s\n' "$name" "$run" "${names[$i]}" "$load" >>"$raw"; done
    return 0
  fi
  for i in "${!names[@]}"; do printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$run" "${names[$i]}" "${values[$i]}" "$load" >>"$raw"; done
  echo "  $name: $line   (other load before: $load % CPU)" >&2
}

export DELIVERY_BENCH=$here LATENCY_SINK=$here/latency_sink.py IDLE_SECONDS=$idle_seconds
for run in $(seq "$runs"); do
  echo "round $run of $runs" >&2
  if wants ceiling; then
    measure sink-ceiling requests_per_s 120 "$here/wrk-ceiling.sh" --log buffered --duration 10s
  fi
  if wants am-throughput; then
    measure alertmanager-throughput notifications_per_s,cpu_us_per_notification 300 \
      "$here/with-sink.sh" -- python3 "$here/alertmanager_bench.py" throughput --alerts "$alerts"
  fi
  if wants apprise; then
    measure apprise-throughput notifications_per_s 300 \
      "$here/with-sink.sh" -- "$apprise_python" "$here/apprise_bench.py" --notifications "$apprise_n" --threads "$apprise_threads"
  fi
  if wants ours && [ -n "$ours_throughput" ]; then
    measure "$ours_name-throughput" "$ours_throughput_fields" 900 "$here/with-sink.sh" -- bash -c "$ours_throughput"
  fi
  if wants am-latency; then
    measure alertmanager-latency p50_ms,p99_ms 300 python3 "$here/alertmanager_bench.py" latency --alerts "$latency_alerts"
  fi
  if wants ours && [ -n "$ours_latency" ]; then
    measure "$ours_name-latency" p50_ms,p99_ms 600 "$here/with-sink.sh" -- bash -c "$ours_latency"
  fi
  if wants am-idle; then
    measure alertmanager-idle cpu_s,rss_kb $((idle_seconds + 120)) python3 "$here/alertmanager_bench.py" idle --seconds "$idle_seconds"
  fi
  if wants ours && [ -n "$ours_idle" ]; then
    measure "$ours_name-idle" cpu_s,rss_kb $((idle_seconds + 300)) "$here/with-sink.sh" -- bash -c "$ours_idle"
  fi
done

versions=$(printf '{"nginx": "%s", "wrk": "%s", "alertmanager": "%s", "apprise": "%s"}' \
  "$(nginx -v 2>&1 | sed 's/.*nginx\///')" "$(wrk -v 2>&1 | head -1 | awk '{print $2}')" \
  "$(prometheus-alertmanager --version 2>&1 | head -1 | awk '{print $3}')" \
  "$("$apprise_python" -c 'import apprise; print(apprise.__version__)')")
settings=$(printf '{"runs": %s, "idle_seconds": %s, "alerts": %s, "latency_alerts": %s, "apprise_notifications": %s, "apprise_threads": %s}' \
  "$runs" "$idle_seconds" "$alerts" "$latency_alerts" "$apprise_n" "$apprise_threads")
python3 "$here/summarize_peers.py" "$raw" "$out" --versions "$versions" --settings "$settings"
