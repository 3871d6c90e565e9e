#!/usr/bin/env bash
# Installs the tools of the delivery benchmarks (idempotent; safe to run again).
#   apt:  nginx (the sink), wrk (the ceiling), prometheus-alertmanager (peer)
#   PyPI: apprise (peer), into a venv at $APPRISE_VENV (default /tmp/leavenow-bench-venv)
# Packages are installed without starting their services: Debian's postinst would otherwise start
# nginx on :80 and Alertmanager on :9093/:9094 (all interfaces).
set -euo pipefail

APPRISE_VENV=${APPRISE_VENV:-/tmp/leavenow-bench-venv}
packages=(nginx wrk prometheus-alertmanager)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]})); then
  as_root=()
  [ "$(id -u)" -eq 0 ] || as_root=(sudo)
  # Keep services from starting during the install.
  created_policy=0
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' | "${as_root[@]}" tee /usr/sbin/policy-rc.d >/dev/null
    "${as_root[@]}" chmod +x /usr/sbin/policy-rc.d
    created_policy=1
  fi
  cleanup_policy() { if [ "$created_policy" = 1 ]; then "${as_root[@]}" rm -f /usr/sbin/policy-rc.d; fi; }
  trap cleanup_policy EXIT
  "${as_root[@]}" apt-get -o DPkg::Lock::Timeout=600 update -qq || true
  DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}"
  # If a service was started anyway (systemd host), stop the ones that listen on all interfaces.
  if command -v systemctl >/dev/null && [ -d /run/systemd/system ]; then
    "${as_root[@]}" systemctl disable --now prometheus-alertmanager nginx 2>/dev/null || true
  fi
fi

if [ ! -x "$APPRISE_VENV/bin/python" ]; then
  python3 -m venv "$APPRISE_VENV"
fi
if ! "$APPRISE_VENV/bin/python" -c 'import apprise' 2>/dev/null; then
  "$APPRISE_VENV/bin/python" -m pip install --quiet --disable-pip-version-check apprise
fi

echo "nginx:        $(nginx -v 2>&1 | sed 's/.*nginx\///')"
echo "wrk:          $(wrk -v 2>&1 | head -1 | awk '{print $2}')"
echo "alertmanager: $(prometheus-alertmanager --version 2>&1 | head -1 | awk '{print $3}')"
echo "apprise:      $("$APPRISE_VENV/bin/python" -c 'import apprise; print(apprise.__version__)') ($APPRISE_VENV)"
