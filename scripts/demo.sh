#!/usr/bin/env bash
# `make demo`: leavenow on the bundled example boards (rules/), at moments where things happen.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/debug/leavenow}
step() { printf '\n\033[1m$ %s\033[0m\n' "$*"; "$@"; }

step "$bin" holidays --year 2025
step "$bin" board chofu-to-mitaka --date 2024-12-22
step "$bin" next chofu-to-mitaka --at 2024-12-22T10:32 --count 3
step "$bin" next chofu-to-mitaka --at 2024-12-22T10:32 --count 1 --json
step "$bin" next chofu-to-mitaka --at 2024-12-22T23:50 --count 2
LANG=ja_JP.UTF-8 step "$bin" next mitaka-to-chofu --at 2025-01-13T07:55 --count 3
step "$bin" next ginza --at 2025-01-17T23:50 --count 4
step "$bin" next ginza --at 2025-01-18T00:10 --count 3
step "$bin" next ginza --at 2025-01-13T05:00 --count 2
step "$bin" next oshiage --at 2017-04-07T23:55 --count 3
step "$bin" next kawasaki-west --at 2017-04-10T06:30 --count 3
step "$bin" next kawasaki-west --at 2025-04-10T06:30 --count 3

# The rules engine: validate, run the rule tests, and a dry-run day of the example rules on the
# recorded (illustrative) fixtures in rules/fixtures: nothing is sent.
step "$bin" check
step "$bin" test
step "$bin" dry-run --from 2024-12-22T00:00 --to 2024-12-22T23:59
step "$bin" explain chofu-leave-now --at 2024-12-22T10:26
step "$bin" explain headache-pressure --at 2024-12-22T12:50
