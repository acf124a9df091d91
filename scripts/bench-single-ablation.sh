#!/usr/bin/env bash
# Where a single-key GET /replicas spends its CPU: the minimal app and ringmap with one feature switched off at a
# time, each JVM started alone, warmed (wrk -c4, then -c64), then measured with wrk -t2 -c64; prints req/s, p99 and
# the server's CPU per 1,000 requests (user + system from /proc). Differences of a few ms per 1,000 are noise.
# Usage: scripts/bench-single-ablation.sh [rounds, default 1]   (after ./mvnw package and scripts/bench-compare.sh
# once, which writes target/bench-compare/cp.txt and keys.lua)
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-1}
JAR=${JAR:-$(ls target/ringmap-*.jar | grep -v original | head -1)}
OUT=target/bench-compare; CP=$(cat "$OUT/cp.txt"); LUA=$OUT/keys.lua
KEY='/replicas?keyspace=iot&table=readings&sensor_id=s-%d&day=2026-10-%02d'
TOK='/replicas?keyspace=iot&token=%d%02d'
run() { # name path command...
  local name=$1 path=$2; shift 2
  "$@" --server.port=18500 --management.server.port=18501 > "$OUT/ablation-$name.log" 2>&1 & local pid=$!
  for _ in $(seq 600); do curl -sf -o /dev/null localhost:18501/actuator/health && break; sleep 0.2; done
  wrk -t1 -c4 -d8s -s "$LUA" "http://127.0.0.1:18500$path" >/dev/null
  wrk -t2 -c64 -d4s -s "$LUA" "http://127.0.0.1:18500$path" >/dev/null
  local c0 c1 r n
  c0=$(awk '{print $14 + $15}' "/proc/$pid/stat")
  r=$(wrk -t2 -c64 -d10s --latency -s "$LUA" "http://127.0.0.1:18500$path")
  c1=$(awk '{print $14 + $15}' "/proc/$pid/stat"); n=$(echo "$r" | awk '/requests in/ {print $1}')
  printf '%-12s %9s req/s   p99 %8s   cpu %6.1f ms/1000 req   load %s\n' "$name" \
    "$(echo "$r" | awk '/Requests\/sec/ {print $2}')" "$(echo "$r" | awk '$1 == "99%" {print $2}')" \
    "$(echo "($c1 - $c0) * 1000 / $(getconf CLK_TCK) * 1000 / $n" | bc -l)" "$(cut -d' ' -f1 /proc/loadavg)"
  kill "$pid"; wait "$pid" 2>/dev/null || true
}
J=(java -Xms512m -Xmx1g)
for _ in $(seq 1 "$ROUNDS"); do
  run minimal "/hello?key=s-%d%02d" "${J[@]}" -cp "target/test-classes:$CP" io.ringmap.bench.minimal.MinimalApp
  run default "$KEY" "${J[@]}" -jar "$JAR"
  run no-hotkeys "$KEY" "${J[@]}" -jar "$JAR" --ringmap.hotkeys.enabled=false
  run no-histogram "$KEY" "${J[@]}" -jar "$JAR" \
    --management.metrics.distribution.percentiles-histogram.http.server.requests=false
  run by-token "$TOK" "${J[@]}" -jar "$JAR"
  run no-compress "$KEY" "${J[@]}" -jar "$JAR" --server.compression.enabled=false
done
