#!/usr/bin/env bash
# The delivery benchmarks of the worker issue, side by side in one run on this machine:
#   1. the peers (scripts/bench/delivery/run-peers.sh): the wrk ceiling of an nginx `return 204;`
#      sink, Prometheus Alertmanager (throughput, latency, idle) and Apprise, with leavenow's idle
#      cost measured in the same rounds (the worker on the example rules, real clock, recorded fixtures);
#   2. leavenow's throughput and latency (leavenow-bench outbox: a bare libcurl multi loop as the reference,
#      leavenow's send loop (HTTPMultiClient), Dispatcher, and the
#      durable outbox path, against the same nginx configuration; fire time → arrival latency);
#   3. desktop: cost per notification vs a bare notify-send to the same dunst (scripts/bench/desktop.sh).
#
#   scripts/bench/delivery-side-by-side.sh [RUNS]     (RUNS = 3; needs `swift build -c release`)
set -euo pipefail
runs=${1:-3}
cd "$(dirname "$0")/../.."
[ -x .build/release/leavenow ] && [ -x .build/release/leavenow-bench ] || { echo "build first: swift build -c release" >&2; exit 1; }
scripts/bench/delivery/setup.sh
root=$PWD
idle_cmd="tmp=\$(mktemp -d); $root/.build/release/leavenow run --rules $root/rules --state \$tmp/state.db --fixtures $root/rules/fixtures 2>/dev/null & pid=\$!; sleep 5; $root/scripts/bench/delivery/measure-idle.sh \$pid \$IDLE_SECONDS; kill -TERM \$pid; wait \$pid 2>/dev/null; rm -rf \$tmp"
echo "== peers (and leavenow's idle cost), $runs rounds"
scripts/bench/delivery/run-peers.sh --runs "$runs" --quiet-wait 30 --out "${TMPDIR:-/tmp}/leavenow-peers.json" --ours-name leavenow --ours-idle "$idle_cmd"
echo
# The send loop's figures are medians of at least 5 runs (issue 14's rules of the game).
outbox_runs=$(( runs < 5 ? 5 : runs ))
echo "== leavenow throughput and latency, $outbox_runs runs"
.build/release/leavenow-bench outbox --runs "$outbox_runs" --count 50000 --quiet
echo
echo "== desktop"
scripts/bench/desktop.sh 200
