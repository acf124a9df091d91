#!/usr/bin/env bash
# What -XX:TieredStopAtLevel=1 (C1 only, half the start-up CPU) costs the request path: the Dockerfile's layout with its
# archive (FORM=extracted scripts/bench-startup.sh leaves it in target/bench-compare/layout-after/app), bundled
# topology, the default JVM and a C1-only JVM at once, GET /replicas with a typed key (wrk -t2 -c16, 10 s per round,
# every request a different key), req/s and the server's CPU per 1,000 requests, round after round (w1.. warm up).
# Usage: scripts/bench-c1-requests.sh [layout directory, from the repository root]    ROUNDS="w1 w2 w3 w4 w5 w6 1 2 3" (the default)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/bench-lib.sh
get_keys_lua /tmp/c1keys.lua
cd "${1:-target/bench-compare/layout-after/app}"
java -XX:SharedArchiveFile=application.jsa -Xms512m -Xmx1g -jar application.jar --server.port=19600 --management.server.port=19601 > /tmp/c1wrk-d.log 2>&1 & d=$!
java -XX:SharedArchiveFile=application.jsa -Xms512m -Xmx1g -XX:TieredStopAtLevel=1 -jar application.jar --server.port=19700 --management.server.port=19701 > /tmp/c1wrk-c.log 2>&1 & c=$!
trap 'kill $d $c' EXIT
for p in 19601 19701; do for i in $(seq 1 600); do curl -sf -o /dev/null localhost:$p/readyz && break; sleep 0.2; done; done
URL='/replicas?keyspace=iot&table=readings&sensor_id=s-%d&day=2026-10-%02d'
for round in ${ROUNDS:-w1 w2 w3 w4 w5 w6 1 2 3}; do
  for x in d:19600 c:19700; do
    n=${x%%:*}; port=${x#*:}; pid=$([ $n = d ] && echo $d || echo $c)
    c0=$(awk '{print $14+$15}' /proc/$pid/stat)
    r=$(wrk -t2 -c16 -d10s -s /tmp/c1keys.lua "http://localhost:$port$URL")
    c1=$(awk '{print $14+$15}' /proc/$pid/stat); reqs=$(echo "$r" | awk '/requests in/ {print $1}')
    echo "$round $([ $n = d ] && echo default || echo C1-only): $(echo "$r" | awk '/Requests\/sec/ {print $2}') req/s, cpu $(echo "scale=1; ($c1 - $c0) * 10 * 1000 / $reqs" | bc) ms/1000 req, load $(cut -d' ' -f1 /proc/loadavg)"
  done
done
