#!/usr/bin/env bash
# Installs what the test suite needs beyond Java and Maven, from the distribution's packages (root, Debian/Ubuntu;
# .ci/run calls it, the Maven build never does: elsewhere tests that need a missing tool are skipped naming it):
# Prometheus (the hot-key end-to-end test scrapes the service with a real server; promtool unit-tests the chart's
# alerts), chromium and its chromedriver (SwaggerUiBrowserIT drives Swagger UI in a headless browser).
# Node.js and npm (chart and dashboard validation and the Dockerfile lint fetch pinned npm packages).
# Cassandra needs no install: the build resolves org.apache.cassandra:cassandra-all and the tests start the nodes.
set -euo pipefail
need=()
command -v prometheus >/dev/null 2>&1 && command -v promtool >/dev/null 2>&1 || need+=(prometheus)
command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || need+=(nodejs npm)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" != "0" ]; then
    echo "ci-install: need ${need[*]} but not root; install them first" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}"
fi
echo "ci-install: prometheus $(prometheus --version 2>&1 | head -1 | awk '{print $3}'), node $(node --version), npm $(npm --version), $(chromedriver --version 2>/dev/null | awk '{print $1, $2}')"
