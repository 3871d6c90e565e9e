#!/bin/sh
# Regenerates the protobuf-c code of CGTFSRealtime from the committed gtfs-realtime.proto:
#
#   scripts/regenerate-gtfs-realtime.sh            rewrite Sources/CGTFSRealtime in place
#   scripts/regenerate-gtfs-realtime.sh OUT_DIR    write gtfs-realtime.pb-c.{c,h} into OUT_DIR instead
#
# Needs protoc-c (apt: protobuf-c-compiler, which also brings protoc). RealtimeTests regenerates
# into a temporary directory and compares the bytes with the committed files, so a hand edit or a
# changed .proto without a regeneration fails the tests.
set -eu
cd "$(dirname "$0")/.."
target=Sources/CGTFSRealtime
out=${1:-}
command -v protoc-c >/dev/null 2>&1 || { echo "regenerate-gtfs-realtime: protoc-c not found (apt install protobuf-c-compiler)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The proto path is the target directory, so the generated code names the file "gtfs-realtime.proto"
# and includes "gtfs-realtime.pb-c.h" (found in include/ by SwiftPM).
protoc-c --proto_path="$target" --c_out="$tmp" "$target/gtfs-realtime.proto"
if [ -n "$out" ]; then
    mkdir -p "$out"
    cp "$tmp/gtfs-realtime.pb-c.c" "$tmp/gtfs-realtime.pb-c.h" "$out/"
else
    cp "$tmp/gtfs-realtime.pb-c.c" "$target/gtfs-realtime.pb-c.c"
    cp "$tmp/gtfs-realtime.pb-c.h" "$target/include/gtfs-realtime.pb-c.h"
    echo "regenerated $target/gtfs-realtime.pb-c.c and $target/include/gtfs-realtime.pb-c.h ($(protoc-c --version | head -1))"
fi
