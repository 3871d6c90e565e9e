#!/usr/bin/env bash
# Checks that `make test`'s package step (`make deps`) is enough on a fresh Debian 12: it builds a
# minimal bookworm root (debootstrap --variant=minbase), runs `make deps` there in a chroot on a copy
# of this checkout (at /src, without .build), then checks that every command, library and file the
# tests and scripts use exists. With --swift DIR it also builds the package and runs the Timetable,
# Daemon and CLI test suites in the chroot with the toolchain at DIR bind-mounted read-only (slow).
#
# usage: sudo scripts/check-fresh-machine.sh [--root DIR] [--mirror URL] [--swift DIR] [--rebuild-base] [--keep]
#   --root DIR       work directory (default /var/tmp/leavenow-fresh); DIR/base is the pristine
#                    debootstrap (kept between runs, --rebuild-base makes it again), DIR/run the copy checked
#   --mirror URL     Debian mirror (default: the first one in /etc/apt/sources.list*, else deb.debian.org)
#   --swift DIR      a Swift toolchain (the directory holding usr/bin/swift, e.g. /opt/swift)
#   --keep           leave DIR/run in place afterwards (it is deleted by default)
# Exit status: 0 when everything is there, 1 when something is missing (each is listed), 2 on misuse.
set -euo pipefail

checkout=$(cd "$(dirname "$0")/.." && pwd)
root=/var/tmp/leavenow-fresh
mirror=""
swift=""
rebuild=no
keep=no
while [ $# -gt 0 ]; do
    case "$1" in
        --root) root=$2; shift 2 ;;
        --mirror) mirror=$2; shift 2 ;;
        --swift) swift=$2; shift 2 ;;
        --rebuild-base) rebuild=yes; shift ;;
        --keep) keep=yes; shift ;;
        -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "check-fresh-machine.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
if [ "$(id -u)" -ne 0 ]; then
    echo "check-fresh-machine.sh: needs root (debootstrap, chroot, mount): sudo $0" >&2
    exit 2
fi
if [ -n "$swift" ] && [ ! -x "$swift/usr/bin/swift" ]; then
    echo "check-fresh-machine.sh: --swift $swift: no usr/bin/swift there" >&2
    exit 2
fi
if [ -z "$mirror" ]; then
    # deb822 (URIs: …) or one-line (deb URL suite …) sources; the first Debian archive that is not security.
    mirror=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null \
        | awk '/^URIs:/ { print $2 } /^deb / { print ($2 ~ /^\[/ ? $3 : $2) }' | grep -v security | head -n 1 || true)
    mirror=${mirror:-http://deb.debian.org/debian}
fi
command -v debootstrap >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap

base=$root/base
run=$root/run
mounts=()
# Unmounts everything below a directory (a run that was interrupted may have left mounts), then
# makes sure nothing is mounted there before anything below it is deleted: /dev and the checkout are
# bind mounts on the same filesystem, which rm --one-file-system would not notice.
unmount_below() {
    local dir mount
    dir=$(realpath -m "$1")
    for mount in $(awk '{ print $5 }' /proc/self/mountinfo | grep -E "^$dir(/|$)" | sort -r); do
        umount -l "$mount" 2>/dev/null || true
    done
    if awk '{ print $5 }' /proc/self/mountinfo | grep -qE "^$dir(/|$)"; then
        echo "check-fresh-machine.sh: something is still mounted below $dir: not deleting it" >&2
        return 1
    fi
}
remove_run() { unmount_below "$run" && rm -rf --one-file-system "$run"; }
cleanup() {
    local index
    for ((index = ${#mounts[@]} - 1; index >= 0; index--)); do umount -l "${mounts[index]}" 2>/dev/null || true; done
    if [ "$keep" = no ]; then remove_run; else unmount_below "$run" || true; fi
}
trap cleanup EXIT

if [ "$rebuild" = yes ] || [ ! -e "$base/.leavenow-base-complete" ]; then
    echo "== debootstrap --variant=minbase bookworm $base ($mirror)"
    unmount_below "$base"
    rm -rf --one-file-system "$base"
    mkdir -p "$root"
    debootstrap --variant=minbase bookworm "$base" "$mirror" >"$root/debootstrap.log" 2>&1 \
        || { echo "debootstrap failed: see $root/debootstrap.log" >&2; exit 1; }
    touch "$base/.leavenow-base-complete"
fi
echo "== copying the pristine root to $run"
remove_run
cp -a "$base" "$run"
cp /etc/resolv.conf "$run/etc/resolv.conf"
# No services start inside the chroot while packages install.
printf '#!/bin/sh\nexit 101\n' >"$run/usr/sbin/policy-rc.d"
chmod 0755 "$run/usr/sbin/policy-rc.d"

bind() {  # bind SOURCE TARGET [ro]
    mkdir -p "$2"
    mount --bind "$1" "$2"
    mounts+=("$2")
    if [ "${3:-}" = ro ]; then mount -o remount,bind,ro "$2"; fi
}
mount -t proc proc "$run/proc"; mounts+=("$run/proc")
bind /dev "$run/dev"
# A copy, so that nothing in the chroot writes to the checkout (tests write below the package root).
mkdir -p "$run/src"
tar -C "$checkout" --exclude=./.build -cf - . | tar -C "$run/src" -xf -
if [ -n "$swift" ]; then bind "$swift" "$run/opt/swift" ro; fi

in_root() { chroot "$run" /usr/bin/env -i PATH=/opt/swift/usr/bin:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin \
    HOME=/root LANG=C.UTF-8 TERM=dumb DEBIAN_FRONTEND=noninteractive "$@"; }

echo "== make deps in the chroot (a fresh machine has make to run it)"
in_root apt-get update -qq
in_root apt-get install -y -qq make >/dev/null
in_root make -C /src deps

echo "== what the tests and scripts use"
missing=0
need() {  # need WHAT CHECK…: runs CHECK in the chroot
    local what=$1; shift
    if in_root "$@" >/dev/null 2>&1; then echo "ok       $what"; else echo "MISSING  $what"; missing=$((missing + 1)); fi
}
# Commands run by the tests (DaemonTests, DeliveryTests, StoreTests, TestServers), the systemd units
# (ExecReload=/bin/kill), deploy/install.sh and scripts/demo.sh.
for command in /bin/kill /usr/bin/env /bin/true /usr/bin/flock python3 systemd-analyze dbus-daemon dbus-monitor Xvfb \
    dunst dunstctl notify-send dash sh bash zsh sed awk grep install id mkfifo mktemp seq sleep tail head cat getconf pkg-config; do
    need "command $command" sh -c "command -v $command"
done
# Python modules the test servers and the tests' python3 -c scripts import.
need "python3 modules (sqlite3, asyncio, http.server, ssl, zlib, gzip, hashlib)" \
    python3 -c "import sqlite3, asyncio, http.server, ssl, zlib, gzip, hashlib, email.utils, urllib.parse, threading"
# Libraries the package links (through pkg-config, as SwiftPM finds them).
for module in yaml-0.1 zlib libxml-2.0 libprotobuf-c; do need "pkg-config $module" pkg-config --exists "$module"; done
# Libraries loaded on first use (Sources/CLazyLibraries): their headers on the default search path,
# and the shared objects by the sonames the trampolines dlopen.
for header in curl/curl.h sqlite3.h openssl/hmac.h postgresql/libpq-fe.h; do
    need "header $header" sh -c "test -e /usr/include/$header || test -e /usr/include/x86_64-linux-gnu/$header || test -e /usr/include/aarch64-linux-gnu/$header"
done
for soname in $(sed -n 's/^ *"\(lib[^"]*\.so\.[0-9]*\)",.*/\1/p' "$checkout/Sources/CLazyLibraries/LazySymbols.c"); do
    need "shared library $soname" sh -c "ldconfig -p | grep -q '$soname '"
done
# The release link (Package.swift: GNU ld, packed relative relocations).
need "command ld.bfd" sh -c "command -v ld.bfd"
# Timezones the tests use.
for zone in Asia/Tokyo America/New_York Europe/London UTC; do need "tzdata $zone" test -e "/usr/share/zoneinfo/$zone"; done
# The systemd units verify (what failed on a fresh machine: /bin/kill from procps).
need "systemd-analyze verify deploy/*.service" sh -c '
    dir=$(mktemp -d) && for unit in /src/deploy/leavenow.service /src/deploy/leavenow-user.service; do
        sed -e "s#/usr/local/bin/leavenow#/bin/true#; s#%h/.local/bin/leavenow#/bin/true#" "$unit" >"$dir/${unit##*/}"
    done && out=$(systemd-analyze verify --recursive-errors=no "$dir"/*.service 2>&1) && [ -z "$out" ]'

if [ -n "$swift" ]; then
    echo "== swift build --build-tests in the chroot (toolchain $swift)"
    need "swift --version" swift --version
    if in_root sh -c 'cd /src && swift build --build-tests' >"$root/swift-build.log" 2>&1; then
        echo "ok       swift build --build-tests"
        if in_root sh -c 'cd /src && swift test --skip-build --disable-swift-testing --filter "TimetableTests|DaemonTests|CLITests"' \
            >"$root/swift-test.log" 2>&1; then
            echo "ok       swift test --filter 'TimetableTests|DaemonTests|CLITests'"
        else
            echo "MISSING  swift test --filter 'TimetableTests|DaemonTests|CLITests' (see $root/swift-test.log)"
            grep -E "error:|failed \(" "$root/swift-test.log" | head -n 20 || true
            missing=$((missing + 1))
        fi
    else
        echo "MISSING  swift build --build-tests (see $root/swift-build.log)"
        missing=$((missing + 1))
    fi
fi

if [ "$missing" -gt 0 ]; then
    echo "$missing missing on a fresh Debian 12 after make deps"
    exit 1
fi
echo "everything the tests and scripts use is installed by make deps"
