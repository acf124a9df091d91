#!/usr/bin/env bash
# GET /replicas with a typed key, side by side in one run, all JVMs up at once: the minimal app (same starters, one
# @GetMapping; src/test/java/io/ringmap/bench/minimal/MinimalApp.java), this build as shipped (the plain single key
# answered ahead of Spring MVC), this build with ringmap.api.single-key-fast-path=false (Spring MVC answers), and
# BEFORE_JAR (e.g. an older main). Each JVM is warmed WARM (default 6) x 10 s at wrk -t2 -c64 first: on this box the
# JIT needs that long before rounds agree. Then ROUNDS rounds, each measuring every JVM for 10 s in turn. Each line
# gives req/s, p99, non-2xx answers (must be none) and the server's CPU per 1,000 requests (user + system, /proc);
# the last lines give each JVM's req/s and p99 against the minimal app's of the same round.
# Usage: BEFORE_JAR=/path/to/old.jar scripts/bench-single-fast.sh [rounds, default 3]
# Needs wrk (apt-get install wrk), ./mvnw package and ./mvnw test-compile first.
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${1:-3}
WARM=${WARM:-6}
OUT=target/bench-compare
mkdir -p "$OUT"
source scripts/bench-lib.sh
[ -s "$OUT/cp.txt" ] || ./mvnw -q dependency:build-classpath -Dmdep.outputFile="$OUT/cp.txt" >/dev/null
get_keys_lua "$OUT/keys.lua"
J=(java -Xms512m -Xmx1g)
start minimal 18600 "${J[@]}" -cp "target/test-classes:$(cat "$OUT/cp.txt")" io.ringmap.bench.minimal.MinimalApp
start fast 18610 "${J[@]}" -jar "$AFTER_JAR"
start mvc 18620 "${J[@]}" -jar "$AFTER_JAR" --ringmap.api.single-key-fast-path=false
start before 18630 "${J[@]}" -jar "$BEFORE_JAR"
for p in 18601 18611 18621 18631; do
  for _ in $(seq 1 1200); do curl -sf -o /dev/null "localhost:$p/actuator/health" && break; sleep 0.2; done
done
KEY='/replicas?keyspace=iot&table=readings&sensor_id=s-%d&day=2026-10-%02d'
declare -A url=([minimal]="http://127.0.0.1:18600/hello?key=s-%d&day=%d" [fast]="http://127.0.0.1:18610$KEY"
  [mvc]="http://127.0.0.1:18620$KEY" [before]="http://127.0.0.1:18630$KEY")
declare -A port=([minimal]=18600 [fast]=18610 [mvc]=18620 [before]=18630)
NAMES=(minimal fast mvc before)
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
ms() { # wrk's latency (e.g. 812.00us, 5.21ms, 1.02s) in ms
  echo "$1" | awk '/us$/ {print $1 / 1000; next} /ms$/ {print $1 + 0; next} /s$/ {print $1 * 1000}'
}
echo "== warm-up: $WARM x 10 s each (load $(cut -d' ' -f1 /proc/loadavg))"
for _ in $(seq 1 "$WARM"); do
  for n in "${NAMES[@]}"; do wrk -t2 -c64 -d10s -s "$OUT/keys.lua" "${url[$n]}" >/dev/null; done
done
results=()
for round in $(seq 1 "$ROUNDS"); do
  echo "== round $round (load $(cut -d' ' -f1 /proc/loadavg))"
  for n in "${NAMES[@]}"; do
    pid=${pid_of[${port[$n]}]}
    c0=$(cpu_ticks "$pid")
    r=$(wrk -t2 -c64 -d10s --timeout 30s --latency -s "$OUT/keys.lua" "${url[$n]}")
    c1=$(cpu_ticks "$pid"); count=$(echo "$r" | awk '/requests in/ {print $1}')
    rps=$(echo "$r" | awk '/Requests\/sec/ {print $2}'); p99=$(ms "$(echo "$r" | awk '$1 == "99%" {print $2}')")
    printf '%-8s %10s req/s   p99 %7.2f ms   non-2xx %5s   cpu %6.1f ms/1000 req\n' "$n" "$rps" "$p99" \
      "$(echo "$r" | awk '/Non-2xx/ {print $NF}' | grep . || echo 0)" \
      "$(echo "($c1 - $c0) * 1000 / $(getconf CLK_TCK) * 1000 / $count" | bc -l)"
    results+=("$round $n $rps $p99")
  done
done
echo "== against the minimal app of the same round (req/s ratio, p99 ratio)"
printf '%s\n' "${results[@]}" | awk '
  $2 == "minimal" {mr[$1] = $3; mp[$1] = $4; next}
  {printf "round %s  %-7s %.2fx   p99 %.2fx\n", $1, $2, $3 / mr[$1], $4 / mp[$1]}'
