#!/usr/bin/env bash
# Installs the Prometheus server PrometheusEndToEndIT scrapes ringmap with (Debian's package, /usr/bin/prometheus).
# Called by .ci/run; safe to run again. Needs root (or sudo) and the distribution's package sources.
set -euo pipefail

if [ -x /usr/bin/prometheus ]; then
  echo "prometheus already installed: $(/usr/bin/prometheus --version 2>&1 | head -1)"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends prometheus
# the package's service is not needed: the test starts its own server on a free port
if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet prometheus 2>/dev/null; then
  $SUDO systemctl stop prometheus || true
fi
/usr/bin/prometheus --version 2>&1 | head -1
