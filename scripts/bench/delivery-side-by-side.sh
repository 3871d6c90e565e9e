#!/usr/bin/env bash
# The delivery benchmarks of the worker issue, side by side in one run on this machine, in rounds
# (scripts/bench/delivery/run-peers.sh: each round measures every peer and leavenow one after another,
# after waiting for the machine to be quiet; the figures are medians of the rounds):
#   - the wrk ceiling of an nginx `return 204;` sink, Prometheus Alertmanager (throughput with its CPU
#     per notification, latency, idle) and Apprise;
#   - leavenow (leavenow-bench outbox --summary, its own nginx with the same settings and no access
#     log): a bare libcurl multi loop as the reference, leavenow's send loop (HTTPMultiClient), the
#     durable outbox on one thread (commit, then send) and as the worker runs it (commits on a second
#     thread), CPU µs per notification of each; fire time → arrival latency; the worker's idle cost;
# then one table with the ratios (summarize_side_by_side.py) and the desktop comparison
# (scripts/bench/desktop.sh).
#
#   scripts/bench/delivery-side-by-side.sh [ROUNDS]     (ROUNDS = 5, at least 5; needs `swift build -c release`)
set -euo pipefail
rounds=${1:-5}
(( rounds >= 5 )) || { echo "delivery-side-by-side.sh: at least 5 rounds (issue 14: medians of >= 5 runs)" >&2; exit 2; }
cd "$(dirname "$0")/../.."
[ -x .build/release/leavenow ] && [ -x .build/release/leavenow-bench ] || { echo "build first: swift build -c release" >&2; exit 1; }
scripts/bench/delivery/setup.sh
root=$PWD
bench=$root/.build/release/leavenow-bench
out=${TMPDIR:-/tmp}/leavenow-delivery-side-by-side.json
idle_cmd="tmp=\$(mktemp -d); $root/.build/release/leavenow run --rules $root/rules --state \$tmp/state.db --fixtures $root/rules/fixtures 2>/dev/null & pid=\$!; sleep 5; $root/scripts/bench/delivery/measure-idle.sh \$pid \$IDLE_SECONDS; kill -TERM \$pid; wait \$pid 2>/dev/null; rm -rf \$tmp"
echo "== $rounds rounds: peers and leavenow interleaved"
scripts/bench/delivery/run-peers.sh --runs "$rounds" --quiet-wait 30 --out "$out" --ours-name leavenow \
  --ours-throughput "$bench outbox --runs 1 --count 50000 --quiet --no-latency --phases bare,curl,durable,worker --summary" \
  --ours-throughput-fields bare,loop,durable,worker,bare_cpu_us,loop_cpu_us,durable_cpu_us,worker_cpu_us \
  --ours-latency "$bench outbox --no-throughput --samples 300 --quiet --summary" \
  --ours-idle "$idle_cmd"
echo
python3 scripts/bench/delivery/summarize_side_by_side.py "$out"
echo
echo "== desktop"
scripts/bench/desktop.sh 200
