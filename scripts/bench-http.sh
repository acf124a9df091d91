#!/usr/bin/env bash
# HTTP throughput and latency of the request-path endpoints with wrk, side by side in one run, against the packaged
# service on the bundled vnode sample (12 nodes x 16 tokens) and on a 1000-node x 256-vnode topology generated here.
# Usage: scripts/bench-http.sh [duration, default 15s]   (needs wrk: apt-get install wrk; ./mvnw package first;
# AFTER_JAR=/path/to.jar to measure another build)
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${1:-15s}
OUT=target/bench-http
mkdir -p "$OUT"
source scripts/bench-lib.sh
big_topology "$OUT/big.yaml"
get_keys_lua "$OUT/keys.lua"
run() { # name topology
  local name=$1 topology=$2
  start "$name" 18080 java -Xms512m -Xmx1g -jar "$AFTER_JAR" --ringmap.topology.file="$topology"
  local pid=${pid_of[18080]}
  ready 18081 600
  local ks=iot
  [ "$name" = vnodes ] && ks=shop
  echo "== $name"
  # warm-up, then measure
  wrk -t2 -c16 -d5s -s "$OUT/keys.lua" "http://127.0.0.1:18080/token?keyspace=iot&table=readings&sensor_id=s-%d&day=2026-10-%02d" >/dev/null
  echo "-- GET /token (typed composite key)"
  wrk -t2 -c16 -d"$DURATION" --latency -s "$OUT/keys.lua" "http://127.0.0.1:18080/token?keyspace=iot&table=readings&sensor_id=s-%d&day=2026-10-%02d" | grep -E "Latency|Req/Sec|requests in|Requests/sec|50%|99%"
  echo "-- GET /replicas (key -> token -> replicas, $ks)"
  wrk -t2 -c16 -d"$DURATION" --latency -s "$OUT/keys.lua" "http://127.0.0.1:18080/replicas?keyspace=iot&table=readings&sensor_id=s-%d&day=2026-10-%02d" | grep -E "Latency|requests in|Requests/sec|50%|99%"
  echo "-- GET /replicas?token= (no key parsing)"
  wrk -t2 -c16 -d"$DURATION" --latency "http://127.0.0.1:18080/replicas?keyspace=iot&token=1523456789012345678" | grep -E "Latency|requests in|Requests/sec|50%|99%"
  echo "-- resident memory: $(ps -o rss= -p $pid | awk '{printf "%.0f MiB", $1/1024}')"
  kill "$pid"; wait "$pid" 2>/dev/null || true
}
[ "${ONLY_BIG:-}" = 1 ] || run default classpath:topology/default.yaml
run big "file:$PWD/$OUT/big.yaml"
