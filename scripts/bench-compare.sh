#!/usr/bin/env bash
# Side by side in one run, on this machine: ringmap before (BEFORE_JAR, e.g. main's build) and after (this build),
# and the minimal Spring Boot app with the same starters (src/test/java/io/ringmap/bench/minimal/MinimalApp.java):
#   GET /replicas with a typed key (wrk -t2 -c64, every request a different key) vs the minimal app's GET /hello,
#   POST /replicas with 1,000 typed keys per request,
#   start-up to /readyz with a 1000-node x 256-vnode topology file (and, from the logs, when the context was
#   refreshed and when the snapshot was published).
# Each line gives req/s, p50, p99, the non-2xx answers (must be none) and the server process's CPU time per 1,000
# requests (user + system, from /proc): on a shared, loaded machine the CPU per request is the steadier figure.
# Usage: BEFORE_JAR=/path/to/old.jar scripts/bench-compare.sh [duration, default 10s] [rounds, default 2]
# Needs wrk (apt-get install wrk), ./mvnw package and ./mvnw test-compile first.
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${1:-10s}
ROUNDS=${2:-2}
OUT=target/bench-compare
mkdir -p "$OUT"
source scripts/bench-lib.sh
./mvnw -q dependency:build-classpath -Dmdep.outputFile="$OUT/cp.txt" >/dev/null
PYTHONPATH=scripts python3 - "$OUT" <<'PY'
import json, sys
from bench_topology import write_big_topology
out = sys.argv[1]
write_big_topology(f"{out}/big.yaml")
keys = [{"sensor_id": f"sensor-{i}", "day": f"2026-10-{i % 28 + 1:02d}"} for i in range(1000)]
open(f"{out}/batch.json", "w").write(json.dumps({"keyspace": "iot", "table": "readings", "keys": keys}))
PY
get_keys_lua "$OUT/keys.lua"
post_body_lua "$OUT/batch.lua" "$OUT/batch.json"
ready_any() { for _ in $(seq 1 1200); do curl -sf -o /dev/null "localhost:$1/actuator/health" 2>&1 && return; sleep 0.2; done; }
JAVA=(java -Xms512m -Xmx1g)
start before 18080 "${JAVA[@]}" -jar "$BEFORE_JAR"
start after 18180 "${JAVA[@]}" -jar "$AFTER_JAR"
start minimal 18280 "${JAVA[@]}" -cp "target/test-classes:$(cat "$OUT/cp.txt")" io.ringmap.bench.minimal.MinimalApp
ready 18081; ready 18181; ready_any 18281
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
measure() { # label url [script]
  local label=$1 url=$2 script=${3:-}
  local r port pid c0 c1 n
  port=$(echo "$url" | sed -E 's|.*:([0-9]+)/.*|\1|'); pid=${pid_of[$port]}
  c0=$(cpu_ticks "$pid")
  r=$(wrk -t2 -c64 -d"$DURATION" --timeout 30s --latency ${script:+-s "$script"} "$url")
  c1=$(cpu_ticks "$pid"); n=$(echo "$r" | awk '/requests in/ {print $1}'); [ "${n:-0}" -gt 0 ] || n=1
  printf '%-28s %10s req/s   p50 %8s   p99 %8s   non-2xx %5s   cpu %7.1f ms/1000 req\n' "$label" \
    "$(echo "$r" | awk '/Requests\/sec/ {print $2}')" "$(echo "$r" | awk '$1 == "50%" {print $2}')" \
    "$(echo "$r" | awk '$1 == "99%" {print $2}')" "$(echo "$r" | awk '/Non-2xx/ {print $NF}' | grep . || echo 0)" \
    "$(echo "($c1 - $c0) * 1000 / $(getconf CLK_TCK) * 1000 / $n" | bc -l)"
}
KEY='/replicas?keyspace=iot&table=readings&sensor_id=s-%d&day=2026-10-%02d'
echo "== warm-up (few connections first, so the JIT compiles the request path before the load is measured)"
for p in 18080 18180; do
  wrk -t1 -c4 -d"$DURATION" -s "$OUT/keys.lua" "http://127.0.0.1:$p$KEY" >/dev/null
  wrk -t2 -c64 -d5s -s "$OUT/keys.lua" "http://127.0.0.1:$p$KEY" >/dev/null
done
wrk -t1 -c4 -d"$DURATION" "http://127.0.0.1:18280/hello?key=s-1" >/dev/null
wrk -t2 -c64 -d5s "http://127.0.0.1:18280/hello?key=s-1" >/dev/null
for round in $(seq 1 "$ROUNDS"); do
  echo "== round $round: GET /replicas with a typed key vs the minimal app"
  measure "after  GET /replicas" "http://127.0.0.1:18180$KEY" "$OUT/keys.lua"
  measure "minimal GET /hello" "http://127.0.0.1:18280/hello?key=s-%d" "$OUT/keys.lua"
  measure "before GET /replicas" "http://127.0.0.1:18080$KEY" "$OUT/keys.lua"
  echo "== round $round: POST /replicas, 1,000 keys per request (keys/s = req/s x 1000)"
  measure "after  POST /replicas x1000" "http://127.0.0.1:18180/replicas" "$OUT/batch.lua"
  measure "before POST /replicas x1000" "http://127.0.0.1:18080/replicas" "$OUT/batch.lua"
done
cleanup; pids=()
echo "== start-up with the 1000 x 256 topology (seconds from launch: context refreshed, snapshot published, /readyz)"
for name in before after; do
  jar=$BEFORE_JAR; [ "$name" = after ] && jar=$AFTER_JAR
  t0=$(date +%s.%N)
  start "$name-big" 18380 "${JAVA[@]}" -jar "$jar" --ringmap.topology.file="file:$PWD/$OUT/big.yaml"
  ready 18381
  total=$(echo "$(date +%s.%N) - $t0" | bc)
  echo "$name: context $(since "$OUT/$name-big.log" 'Started RingmapApplication') s," \
    "snapshot $(since "$OUT/$name-big.log" 'published ring snapshot') s, /readyz $total s"
  cleanup; pids=(); sleep 2
done
