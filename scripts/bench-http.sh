#!/usr/bin/env bash
# HTTP throughput and latency of the request-path endpoints with wrk, side by side in one run, against the packaged
# service on the bundled vnode sample (12 nodes x 16 tokens) and on a 1000-node x 256-vnode topology generated here.
# Usage: scripts/bench-http.sh [duration, default 15s]   (needs wrk: apt-get install wrk; ./mvnw package first)
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${1:-15s}
JAR=$(ls target/ringmap-*.jar | grep -v original | head -1)
OUT=target/bench-http
mkdir -p "$OUT"
python3 - "$OUT/big.yaml" <<'PY'
import random, sys
random.seed(42)
lines = ["cluster: bench-1000x256", "partitioner: Murmur3Partitioner", "nodes:"]
used = set()
for n in range(1000):
    toks = []
    while len(toks) < 256:
        t = random.randint(-2**63 + 1, 2**63 - 1)
        if t not in used:
            used.add(t); toks.append(t)
    lines.append(f"  - {{address: 10.{n // 250}.{n % 250}.1, datacenter: dc{n % 2 + 1}, rack: rack{n // 2 % 3}, "
                 f"tokens: [{', '.join(str(t) for t in toks)}]}}")
lines += ["keyspaces:", "  iot:", "    replication: {class: NetworkTopologyStrategy, dc1: '3', dc2: '3'}",
          "    tables:", "      readings:",
          "        partitionKey: [{name: sensor_id, type: text}, {name: day, type: date}]"]
open(sys.argv[1], "w").write("\n".join(lines) + "\n")
PY
cat > "$OUT/keys.lua" <<'LUA'
counter = 0
request = function()
  counter = counter + 1
  return wrk.format("GET", string.format(wrk.path, counter % 100000, counter % 28 + 1))
end
LUA
run() { # name topology
  local name=$1 topology=$2
  java -Xms512m -Xmx1g -jar "$JAR" --server.port=18080 --management.server.port=18081 \
    --ringmap.topology.file="$topology" > "$OUT/$name.log" 2>&1 &
  local pid=$!
  for _ in $(seq 1 120); do curl -sf localhost:18081/readyz >/dev/null 2>&1 && break; sleep 1; done
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
