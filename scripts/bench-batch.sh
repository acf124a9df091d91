#!/usr/bin/env bash
# Batch throughput, before and after side by side in one run: ringmap BEFORE_JAR (e.g. a build of main) and
# AFTER_JAR (this build) run at the same time on the 1000-node x 256-vnode topology of bench-compare.sh; each
# endpoint is measured on one, then on the other, in alternating rounds (wrk -t1 -c4: four requests in flight).
#   POST /replicas and POST /token with KEYS (text, date) keys per request (keys/s = req/s x KEYS),
#   POST /hits with KEYS Zipf-distributed hits per request (hits/s = req/s x KEYS),
#   POST /replicas/compact (the opt-in compact answer; only when the jar serves it).
# Each line gives items/s, p50, p99, the server's CPU time per 1,000 items (user + system from /proc: steadier than
# items/s on a shared machine), wrk's own CPU per 1,000 items (the client reading the answer on the same box) and
# the bytes wrk read in all.
# Usage: BEFORE_JAR=/path/to/old.jar scripts/bench-batch.sh [duration, default 10s] [rounds, default 2] [keys, 1000]
# Needs wrk (apt-get install wrk) and ./mvnw package first.
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${1:-10s}
ROUNDS=${2:-2}
KEYS=${3:-1000}
OUT=target/bench-batch
mkdir -p "$OUT"
source scripts/bench-lib.sh
PYTHONPATH=scripts python3 - "$OUT" "$KEYS" <<'PY'
import json, random, sys
from bench_topology import write_big_topology
out, n = sys.argv[1], int(sys.argv[2])
write_big_topology(f"{out}/big.yaml")  # seeds random: the keys and hits below are the same every run
keys = [{"sensor_id": f"sensor-{random.randrange(1_000_000)}", "day": f"2026-10-{i % 28 + 1:02d}"} for i in range(n)]
open(f"{out}/keys.json", "w").write(json.dumps({"keyspace": "iot", "table": "readings", "keys": keys}))
# hits as a sampling client reports them: Zipf-like, the hottest keys repeated
hits = [{"key": {"sensor_id": f"sensor-{min(999_999, int(1 / (1 - random.random()) ** 1.5))}", "day": "2026-10-01"},
         "count": 1, "operation": "read"} for _ in range(n)]
open(f"{out}/hits.json", "w").write(json.dumps({"keyspace": "iot", "table": "readings", "hits": hits}))
PY
for body in keys hits; do post_body_lua "$OUT/$body.lua" "$OUT/$body.json"; done
JAVA=(java -Xms1g -Xmx1g -XX:+UseParallelGC)
for name in before after; do
  jar=$BEFORE_JAR; port=18480; [ "$name" = after ] && { jar=$AFTER_JAR; port=18580; }
  start "$name" $port "${JAVA[@]}" -jar "$jar" --ringmap.topology.file="file:$PWD/$OUT/big.yaml"
done
ready 18481 3000; ready 18581 3000
# both answer the same, byte for byte (everything before the snapshot member, whose age differs)
results() { curl -s -H 'Content-Type: application/json' --data @"$OUT/keys.json" "$1" | sed 's/,"snapshot":{.*$//'; }
for ep in replicas token; do
  a=$(results "localhost:18480/$ep" | md5sum); b=$(results "localhost:18580/$ep" | md5sum)
  [ "$a" = "$b" ] && echo "POST /$ep: before and after answer the same bytes" || { echo "POST /$ep DIFFERS"; exit 1; }
done
compact=0
if [ "$(curl -s -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' --data @"$OUT/keys.json" \
    localhost:18580/replicas/compact)" = 200 ]; then
  compact=1
  curl -s -H 'Content-Type: application/json' --data @"$OUT/keys.json" localhost:18580/replicas > "$OUT/full.out"
  curl -s -H 'Content-Type: application/json' --data @"$OUT/keys.json" localhost:18580/replicas/compact \
    > "$OUT/compact.out"
  python3 - "$OUT/full.out" "$OUT/compact.out" <<'PY'
import json, os, sys
full, compact = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
expanded = [dict(r, replicas=[compact["replicas"][i] for i in r["replicas"]]) for r in compact["results"]]
assert expanded == full["results"], "compact answer differs from the full one"
print(f"POST /replicas/compact expands to POST /replicas' results: {os.path.getsize(sys.argv[2])} bytes instead of "
      f"{os.path.getsize(sys.argv[1])} ({len(compact['replicas'])} distinct replicas)")
PY
fi
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
measure() { # label url script
  local r port pid c0 c1 n wrk_cpu
  port=$(echo "$2" | sed -E 's|.*:([0-9]+)/.*|\1|'); pid=${pid_of[$((port))]}
  c0=$(cpu_ticks "$pid")
  r=$( { /usr/bin/time -f 'WRKCPU %U %S' wrk -t1 -c4 -d"$DURATION" --timeout 30s --latency -s "$3" "$2"; } 2>&1)
  c1=$(cpu_ticks "$pid"); n=$(echo "$r" | awk '/requests in/ {print $1}'); [ "${n:-0}" -gt 0 ] || n=1
  wrk_cpu=$(echo "$r" | awk '/^WRKCPU/ {print $2 + $3}')
  local rps; rps=$(echo "$r" | awk '/Requests\/sec/ {print $2}')
  local bytes; bytes=$(echo "$r" | awk '/requests in/ {print $5}')
  printf '%-30s %10s items/s  p50 %8s  p99 %8s  server cpu %6.1f ms/1000 items  wrk cpu %6.1f ms/1000 items  %s read\n' \
    "$1" "$(echo "$rps * $KEYS" | bc | cut -d. -f1)" "$(echo "$r" | awk '$1 == "50%" {print $2}')" \
    "$(echo "$r" | awk '$1 == "99%" {print $2}')" \
    "$(echo "($c1 - $c0) * 1000 / $(getconf CLK_TCK) * 1000 / ($n * $KEYS)" | bc -l)" \
    "$(echo "$wrk_cpu * 1000 * 1000 / ($n * $KEYS)" | bc -l)" "$bytes"
}
echo "== warm-up"
for p in 18480 18580; do
  for ep in replicas token; do wrk -t1 -c4 -d5s -s "$OUT/keys.lua" "http://127.0.0.1:$p/$ep" >/dev/null; done
  if [ "$compact" = 1 ] && [ "$p" = 18580 ]; then
    wrk -t1 -c4 -d5s -s "$OUT/keys.lua" "http://127.0.0.1:$p/replicas/compact" >/dev/null
  fi
  wrk -t1 -c4 -d5s -s "$OUT/hits.lua" "http://127.0.0.1:$p/hits" >/dev/null
done
for round in $(seq 1 "$ROUNDS"); do
  echo "== round $round ($KEYS items per request; load average $(cut -d' ' -f1-3 /proc/loadavg))"
  for ep in replicas token hits; do
    script=$OUT/keys.lua; [ "$ep" = hits ] && script=$OUT/hits.lua
    measure "before POST /$ep" "http://127.0.0.1:18480/$ep" "$script"
    measure "after  POST /$ep" "http://127.0.0.1:18580/$ep" "$script"
  done
  if [ "$compact" = 1 ]; then
    measure "after  POST /replicas/compact" "http://127.0.0.1:18580/replicas/compact" "$OUT/keys.lua"
  fi
done
