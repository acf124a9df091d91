#!/usr/bin/env bash
# Start-up with the 1000-node x 256-vnode topology file, ringmap before (BEFORE_JAR, e.g. main's build) and after (this
# build) launched at the same moment, so both see the same machine: seconds from launch to the context refresh
# ("Started RingmapApplication"), to the snapshot's publication and to /readyz.
# Usage: BEFORE_JAR=/path/to/old.jar scripts/bench-startup.sh   (after scripts/bench-compare.sh wrote big.yaml)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=target/bench-compare
source scripts/bench-lib.sh
[ -f "$OUT/big.yaml" ] || { echo "run scripts/bench-compare.sh first (it writes $OUT/big.yaml)"; exit 1; }
echo "load at start $(cut -d' ' -f1-3 /proc/loadavg)"
t0=$(date +%s.%N)
java -Xms512m -Xmx1g -jar "$BEFORE_JAR" --server.port=18580 --management.server.port=18581 \
  --ringmap.topology.file="file:$PWD/$OUT/big.yaml" > "$OUT/before-big2.log" 2>&1 & b=$!
java -Xms512m -Xmx1g -jar "$AFTER_JAR" --server.port=18680 --management.server.port=18681 \
  --ringmap.topology.file="file:$PWD/$OUT/big.yaml" > "$OUT/after-big2.log" 2>&1 & a=$!
trap 'kill $a $b 2>/dev/null || true' EXIT
declare -A done_at=()
for _ in $(seq 1 6000); do
  for n in before:18581 after:18681; do
    name=${n%%:*}; port=${n#*:}
    if [ -z "${done_at[$name]:-}" ] && curl -sf -o /dev/null "localhost:$port/readyz"; then
      done_at[$name]=$(echo "$(date +%s.%N) - $t0" | bc)
    fi
  done
  [ -n "${done_at[before]:-}" ] && [ -n "${done_at[after]:-}" ] && break
  sleep 0.2
done
for name in before after; do
  echo "$name: context $(since "$OUT/$name-big2.log" 'Started RingmapApplication') s, snapshot" \
    "$(since "$OUT/$name-big2.log" 'published ring snapshot') s, /readyz ${done_at[$name]:-?} s"
done
