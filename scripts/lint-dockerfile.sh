#!/usr/bin/env bash
# Lints the top-level Dockerfile with dockerfile-utils (the linter behind the Docker language server), pinned.
# Fails on any error or warning. Needs node/npm; npm fetches the pinned package from the configured registry.
set -euo pipefail
cd "$(dirname "$0")/.."
DOCKERFILE_UTILS_VERSION=0.16.3
output=$(npm exec --yes --package="dockerfile-utils@${DOCKERFILE_UTILS_VERSION}" -- dockerfile-utils lint Dockerfile 2>&1) || status=$?
if [ -n "${output}" ] || [ "${status:-0}" -ne 0 ]; then
  printf '%s\n' "${output}"
  echo "lint-dockerfile: Dockerfile has lint findings (dockerfile-utils ${DOCKERFILE_UTILS_VERSION})" >&2
  exit 1
fi
echo "lint-dockerfile: Dockerfile clean (dockerfile-utils ${DOCKERFILE_UTILS_VERSION})"
