#!/usr/bin/env bash
# `make bench`: the README's benchmark figures, with the Python peers installed from PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install --quiet --disable-pip-version-check holidays jpholiday partridge gtfs-kit \
  || echo "warning: could not install the Python peers; their rows will say so" >&2
.build/release/leavenow-bench "${@:-all}"
