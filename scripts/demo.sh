#!/usr/bin/env bash
# Runs leavenow on the bundled example boards (rules/).
set -euo pipefail
bin=${1:-.build/debug/leavenow}
"$bin" holidays --year 2025
