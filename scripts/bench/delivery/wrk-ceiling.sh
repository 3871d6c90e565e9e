#!/usr/bin/env bash
# The sink's ceiling: wrk POSTs a ~400-byte JSON body to the nginx sink and prints requests/s.
#
#   wrk-ceiling.sh [--log buffered|direct|off] [--duration 10s] [--threads 2] [--connections 16]
#
# Prints one number (requests/s). wrk's full output goes to stderr.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
log_mode=buffered duration=10s threads=2 connections=16
while (($#)); do
  case $1 in
    --log) log_mode=$2; shift 2 ;;
    --duration) duration=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --connections) connections=$2; shift 2 ;;
    *) echo "wrk-ceiling.sh: unknown option '$1'" >&2; exit 2 ;;
  esac
done
out=$(mktemp /tmp/leavenow-wrk.XXXXXX)
trap 'rm -f "$out"' EXIT
"$here/with-sink.sh" --log "$log_mode" -- bash -c 'exec timeout 120 wrk -t "$1" -c "$2" -d "$3" -s "$4" "$SINK_URL" >"$5"' \
  _ "$threads" "$connections" "$duration" "$here/wrk-post.lua" "$out"
cat "$out" >&2
rps=$(awk '/^Requests\/sec:/ {print $2}' "$out")
[ -n "$rps" ] || { echo "wrk-ceiling.sh: wrk printed no Requests/sec" >&2; exit 1; }
echo "$rps"
