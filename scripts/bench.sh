#!/usr/bin/env bash
# `make bench`: the README's benchmark figures, with the Python peers installed from PyPI into a
# virtual environment of the checkout (.build/bench-venv: Debian's own python3 refuses `pip install`).
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/bench-venv
if { [ -x "$venv/bin/python3" ] || python3 -m venv "$venv"; } \
   && "$venv/bin/python3" -m pip install --quiet --disable-pip-version-check holidays jpholiday partridge gtfs-kit; then
  export PATH="$PWD/$venv/bin:$PATH"  # the peers run as `python3`
else
  echo "warning: could not install the Python peers; their rows will say so" >&2
fi
.build/release/leavenow-bench "${@:-all}"
