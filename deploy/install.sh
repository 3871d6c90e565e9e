#!/bin/sh
# Installs the leavenow worker: the binary, the systemd unit, a starter configuration (only when
# no rules exist yet) and empty secret placeholders (never overwriting a secret).
#
#   deploy/install.sh                 system service (root): /usr/local/bin, /etc/systemd/system,
#                                     /etc/leavenow/rules, /etc/leavenow/credentials
#   deploy/install.sh --user          user service: ~/.local/bin, ~/.config/systemd/user,
#                                     ~/.config/leavenow/rules, ~/.config/leavenow/env
#   --examples                        the example rules of rules/ instead of the starter
#                                     (deploy/starter: one bus board, one leave-now rule, commented)
#   --dry-run                         print what would be done, change nothing
#   --binary PATH                     the binary to install (default: .build/release/leavenow)
#   --root DIR                        install below DIR (packaging, tests); systemctl is not called
#
# Build first: swift build -c release
set -eu

ROOT_DIR=$(cd "$(dirname "$0")/.." && pwd)
MODE=system
DRY_RUN=no
RULES_SOURCE="$ROOT_DIR/deploy/starter"
BINARY="$ROOT_DIR/.build/release/leavenow"
DEST=""

usage() {
    sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'
}

while [ $# -gt 0 ]; do
    case "$1" in
        --user) MODE=user ;;
        --examples) RULES_SOURCE="$ROOT_DIR/rules" ;;
        --dry-run) DRY_RUN=yes ;;
        --binary)
            [ $# -ge 2 ] || { echo "install.sh: --binary needs a path" >&2; exit 64; }
            BINARY=$2; shift ;;
        --root)
            [ $# -ge 2 ] || { echo "install.sh: --root needs a directory" >&2; exit 64; }
            DEST=$2; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "install.sh: unknown option $1 (expected --user, --examples, --dry-run, --binary PATH, --root DIR)" >&2; exit 64 ;;
    esac
    shift
done

# Runs a command, or prints it with --dry-run.
run() {
    if [ "$DRY_RUN" = yes ]; then
        printf '%s\n' "$*"
    else
        "$@"
    fi
}

if [ ! -x "$BINARY" ]; then
    if [ "$DRY_RUN" = yes ]; then
        echo "# note: $BINARY does not exist yet (build it with: swift build -c release)"
    else
        echo "install.sh: $BINARY is not an executable file; build it first: swift build -c release" >&2
        exit 1
    fi
fi

if [ "$MODE" = system ]; then
    if [ -z "$DEST" ] && [ "$DRY_RUN" = no ] && [ "$(id -u)" -ne 0 ]; then
        echo "install.sh: the system service needs root (sudo $0), or use --user" >&2
        exit 1
    fi
    BIN_DIR="$DEST/usr/local/bin"
    UNIT_DIR="$DEST/etc/systemd/system"
    UNIT_SOURCE="$ROOT_DIR/deploy/leavenow.service"
    CONFIG_DIR="$DEST/etc/leavenow"
    SYSTEMCTL="systemctl"
else
    HOME_DIR=${HOME:?install.sh --user needs HOME}
    CONFIG_HOME=${XDG_CONFIG_HOME:-$HOME_DIR/.config}
    BIN_DIR="$DEST$HOME_DIR/.local/bin"
    UNIT_DIR="$DEST$CONFIG_HOME/systemd/user"
    UNIT_SOURCE="$ROOT_DIR/deploy/leavenow-user.service"
    CONFIG_DIR="$DEST$CONFIG_HOME/leavenow"
    SYSTEMCTL="systemctl --user"
fi

echo "# installing leavenow ($MODE service)"
run mkdir -p "$BIN_DIR" "$UNIT_DIR" "$CONFIG_DIR"
run install -m 0755 "$BINARY" "$BIN_DIR/leavenow"
run install -m 0644 "$UNIT_SOURCE" "$UNIT_DIR/leavenow.service"

NEW_RULES=no
if [ -e "$CONFIG_DIR/rules" ]; then
    echo "# keeping the existing rules in $CONFIG_DIR/rules"
else
    NEW_RULES=yes
    run cp -R "$RULES_SOURCE" "$CONFIG_DIR/rules"
    if [ "$MODE" = system ]; then
        # The service's dynamic user must read them whatever root's umask was.
        run chmod -R u+rwX,go+rX,go-w "$CONFIG_DIR/rules"
    fi
fi

if [ "$MODE" = system ]; then
    # systemd 252 refuses to start a unit whose LoadCredential= file is missing: create empty,
    # root-only placeholders for the secrets the unit names, and never touch an existing one.
    run mkdir -p "$CONFIG_DIR/credentials"
    run chmod 0700 "$CONFIG_DIR/credentials"
    for name in $(sed -n 's/^LoadCredential=\([A-Za-z0-9_.-]*\):.*/\1/p' "$UNIT_SOURCE"); do
        if [ ! -e "$CONFIG_DIR/credentials/$name" ]; then
            run install -m 0600 /dev/null "$CONFIG_DIR/credentials/$name"
        fi
    done
    echo "# put secrets in $CONFIG_DIR/credentials/<NAME> (one value per file)"
else
    if [ ! -e "$CONFIG_DIR/env" ]; then
        run install -m 0600 /dev/null "$CONFIG_DIR/env"
    fi
    echo "# put secrets in $CONFIG_DIR/env as NAME=value lines (e.g. OPENWEATHER_API_KEY=...)"
fi

if [ "$NEW_RULES" = yes ] && [ "$RULES_SOURCE" = "$ROOT_DIR/deploy/starter" ]; then
    echo "# edit the starter in $CONFIG_DIR/rules (boards.yaml, rules.yaml, channels.yaml), then: leavenow check"
fi

if [ -z "$DEST" ] && { [ "$DRY_RUN" = yes ] || command -v systemctl >/dev/null 2>&1; }; then
    # shellcheck disable=SC2086 # $SYSTEMCTL is "systemctl" or "systemctl --user"
    if ! run $SYSTEMCTL daemon-reload; then
        # No (user) systemd to talk to — an ssh login without a user session, a container: the
        # files are in place; systemd reads them when it starts.
        echo "# $SYSTEMCTL daemon-reload failed (is systemd running for this user?): the unit is installed; run it in your session"
    fi
    echo "# start it with: $SYSTEMCTL enable --now leavenow"
fi
