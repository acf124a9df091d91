#!/usr/bin/env bash
# Builds the ringmap image from the Dockerfile without a Docker daemon (buildah, chroot isolation) on a base image
# made locally from Debian packages (debootstrap + openjdk-17-jdk-headless), for machines that reach Debian's
# package mirror and Maven Central but no container registry. Then starts the image as uid 10001 and checks the probes.
# Manual tool, not part of CI: needs root, ~700 MB of disk and a few minutes.
#   scripts/build-image-daemonless.sh [TAG]        (default tag: localhost/ringmap:0.1.0)
set -euo pipefail
cd "$(dirname "$0")/.."
TAG=${1:-localhost/ringmap:0.1.0}
BASE=localhost/ringmap-base-jdk17:local
ROOTFS=${ROOTFS:-/var/tmp/ringmap-rootfs-jdk17}

for tool in buildah debootstrap curl; do
  command -v "$tool" >/dev/null || { echo "missing $tool: apt-get install -y buildah debootstrap curl" >&2; exit 1; }
done

if ! buildah inspect --type image "$BASE" >/dev/null 2>&1; then
  if [ ! -x "$ROOTFS/usr/bin/java" ]; then
    # the distribution's default mirror; one JDK image serves as build and runtime base
    debootstrap --variant=minbase --include=openjdk-17-jdk-headless,ca-certificates bookworm "$ROOTFS"
  fi
  ctr=$(buildah from scratch)
  mnt=$(buildah mount "$ctr")
  cp -a "$ROOTFS"/. "$mnt"/
  buildah umount "$ctr"
  buildah config --env JAVA_HOME=/usr/lib/jvm/java-17-openjdk-amd64 \
    --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$ctr"
  buildah commit -q "$ctr" "$BASE"
  buildah rm "$ctr" >/dev/null
fi

# the local Maven repository is mounted into RUN steps so dependencies are not fetched again
buildah bud --isolation chroot -v "$HOME/.m2:/root/.m2" \
  --build-arg BUILD_IMAGE="$BASE" --build-arg RUNTIME_IMAGE="$BASE" -t "$TAG" .

# smoke test: the image's ENTRYPOINT as the image's USER, on the host network, on ports nobody else uses
user=$(buildah inspect --format '{{.OCIv1.Config.User}}' "$TAG")
mapfile -t entrypoint < <(buildah inspect --format '{{range .OCIv1.Config.Entrypoint}}{{println .}}{{end}}' "$TAG" | sed '/^$/d')
ctr=$(buildah from "$TAG")
trap 'buildah rm "$ctr" >/dev/null 2>&1 || true' EXIT
buildah run --isolation chroot --user "$user" "$ctr" -- "${entrypoint[@]}" \
  --server.port=18080 --management.server.port=18081 > target/image-smoke.log 2>&1 &
runner=$!
status=000
for _ in $(seq 1 120); do
  status=$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:18081/readyz || true)
  [ "$status" = 200 ] && break
  sleep 1
done
livez=$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:18081/livez || true)
# stop the service by its PID: the JarLauncher process among the descendants of the buildah run started above
descendants() { local child; for child in $(ps -o pid= --ppid "$1"); do echo "$child"; descendants "$child"; done; }
for pid in $(descendants "$runner"); do
  if ps -o args= -p "$pid" | grep -q JarLauncher; then kill "$pid"; fi
done
wait "$runner" || true
echo "image $TAG: user $user, /readyz $status, /livez $livez (log: target/image-smoke.log)"
[ "$status" = 200 ] && [ "$livez" = 200 ]
