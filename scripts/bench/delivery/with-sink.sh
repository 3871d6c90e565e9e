#!/usr/bin/env bash
# Runs a command while an nginx webhook sink listens on 127.0.0.1, then stops the sink.
#
#   with-sink.sh [--log buffered|direct|off] [--keep-log FILE] -- CMD [ARGS...]
#
# CMD sees:
#   SINK_URL  http://127.0.0.1:<port>/   (every request answers 204)
#   SINK_LOG  the access log, one line per request: "$msec $method $uri $connection $idempotency_key $status"
#             (buffered: 64 KiB buffer flushed at least every 100 ms; direct: written per request)
#   SINK_PID  the nginx master's pid
# The exit status is CMD's. On SIGINT/SIGTERM, CMD's process group gets SIGTERM (then SIGKILL after
# 5 s) and the sink stops. CMD's stdin is /dev/null. The temp dir (config, log) is removed on exit unless --keep-log copies
# the log out first.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

log_mode=buffered
keep_log=
while (($#)); do
  case $1 in
    --log) log_mode=$2; shift 2 ;;
    --keep-log) keep_log=$2; shift 2 ;;
    --) shift; break ;;
    *) echo "with-sink.sh: unknown option '$1' (usage: with-sink.sh [--log buffered|direct|off] -- CMD...)" >&2; exit 2 ;;
  esac
done
(($#)) || { echo "with-sink.sh: no command given" >&2; exit 2; }

prefix=$(mktemp -d /tmp/leavenow-sink.XXXXXX)
nginx_pid= child=
stop_child() {   # CMD runs in its own session: signal its whole process group
  [ -n "$child" ] || return 0
  kill -TERM -- "-$child" 2>/dev/null || kill -TERM "$child" 2>/dev/null || true
  for _ in $(seq 50); do kill -0 -- "-$child" 2>/dev/null || break; sleep 0.1; done
  kill -KILL -- "-$child" 2>/dev/null || true
  child=
}
stop_sink() {
  stop_child
  if [ -n "$nginx_pid" ] && kill -0 "$nginx_pid" 2>/dev/null; then
    kill -QUIT "$nginx_pid" 2>/dev/null || true   # graceful: flushes the buffered log
    for _ in $(seq 50); do kill -0 "$nginx_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$nginx_pid" 2>/dev/null || true
    wait "$nginx_pid" 2>/dev/null || true
  fi
  if [ -n "$keep_log" ] && [ -f "$prefix/access.log" ]; then cp "$prefix/access.log" "$keep_log"; fi
  rm -rf "$prefix"
}
trap stop_sink EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
case $log_mode in
  buffered) access="access_log $prefix/access.log sink buffer=64k flush=100ms;" ;;
  direct)   access="access_log $prefix/access.log sink;" ;;
  off)      access="access_log off;" ;;
  *) echo "with-sink.sh: --log must be buffered, direct or off (got '$log_mode')" >&2; exit 2 ;;
esac
sed -e "s|@PREFIX@|$prefix|g" -e "s|@PORT@|$port|g" -e "s|@ACCESS_LOG@|$access|" \
  "$here/nginx-sink.conf.in" >"$prefix/nginx.conf"
: >"$prefix/access.log"

nginx -p "$prefix" -c "$prefix/nginx.conf" -e "$prefix/error.log" -g 'daemon off;' &
nginx_pid=$!

for _ in $(seq 100); do   # up to 5 s
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then break; fi
  kill -0 "$nginx_pid" 2>/dev/null || { echo "with-sink.sh: nginx exited:" >&2; cat "$prefix/error.log" >&2; exit 1; }
  sleep 0.05
done
(exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { echo "with-sink.sh: nginx did not listen on $port within 5 s" >&2; exit 1; }

# In the background (so a signal to this script is handled at once) and in its own session (so
# stopping it reaches its children too, e.g. the Alertmanager a driver started).
SINK_URL="http://127.0.0.1:$port/" SINK_LOG="$prefix/access.log" SINK_PID="$nginx_pid" setsid "$@" &
child=$!
rc=0
wait "$child" || rc=$?
child=
exit "$rc"
