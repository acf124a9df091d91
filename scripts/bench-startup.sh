#!/usr/bin/env bash
# Start-up with the 1000-node x 256-vnode topology file, ringmap before (BEFORE_JAR, e.g. main's build) and after (this
# build) launched at the same moment, so both see the same machine: seconds from launch to the context refresh
# ("Started RingmapApplication"), to the snapshot's publication and to /readyz, and the process's CPU seconds
# (user + system, from /proc) when /readyz first answered 200. RUNS launches pairs one after the other.
#
# FORM=jar (default): `java -Xms512m -Xmx1g -jar <jar>`, as scripts/bench-compare.sh runs it.
# FORM=extracted: the Dockerfile's layout: each jar extracted as the build stage does (`java -Djarmode=tools -jar
#   <jar> extract --layers`, the four layers copied into one directory), the Dockerfile's training run writing the class
#   data sharing archive (-XX:ArchiveClassesAtExit, -Dspring.context.exit=onRefresh), then started as its ENTRYPOINT
#   does (-XX:SharedArchiveFile=application.jsa -jar application.jar) plus -Xms512m -Xmx1g.
# JAVA_OPTS: extra JVM flags for both, AFTER_OPTS for "after" only (e.g. AFTER_OPTS=-XX:TieredStopAtLevel=1 with the same
# jar twice compares the flag). PORT: the first of the four ports (default 18580).
# Usage: BEFORE_JAR=/path/to/old.jar [FORM=extracted] [RUNS=3] scripts/bench-startup.sh
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=target/bench-compare
source scripts/bench-lib.sh
AFTER_JAR=$(realpath "$AFTER_JAR")
BEFORE_JAR=$(realpath "$BEFORE_JAR")
FORM=${FORM:-jar}
RUNS=${RUNS:-1}
PORT=${PORT:-18580}
BP=$PORT
AP=$((PORT + 100))
for p in $BP $((BP + 1)) $AP $((AP + 1)); do
  ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { echo "port $p is taken: choose another PORT"; exit 1; }
done
read -r -a BOTH <<< "${JAVA_OPTS:-}"
read -r -a AFTER_ONLY <<< "${AFTER_OPTS:-}"
mkdir -p "$OUT"
[ -f "$OUT/big.yaml" ] || big_topology "$OUT/big.yaml"
BIG="$PWD/$OUT/big.yaml"
HZ=$(getconf CLK_TCK)

# the Dockerfile's layout for one jar: extraction, layers merged in order, the training run's archive
layout() { # name jar -> prints the directory
  local dir="$PWD/$OUT/layout-$1"
  rm -rf "$dir" && mkdir -p "$dir/build" "$dir/app"
  cp "$2" "$dir/build/application.jar"
  (cd "$dir/build" && java -Djarmode=tools -jar application.jar extract --layers --destination extracted >/dev/null)
  for layer in dependencies spring-boot-loader snapshot-dependencies application; do
    [ -d "$dir/build/extracted/$layer" ] && cp -r "$dir/build/extracted/$layer/." "$dir/app/"
  done
  (cd "$dir/app" && java -XX:ArchiveClassesAtExit=application.jsa -Dspring.context.exit=onRefresh \
    -Djava.io.tmpdir=/tmp -jar application.jar --server.port=0 --management.server.port=0 > ../training.log 2>&1)
  echo "$dir/app"
}
if [ "$FORM" = extracted ]; then
  BEFORE_DIR=$(layout before "$BEFORE_JAR")
  AFTER_DIR=$(layout after "$AFTER_JAR")
fi

launch() { # name jar dir port
  local EXTRA=("${BOTH[@]}")
  [ "$1" = after ] && EXTRA+=("${AFTER_ONLY[@]}")
  if [ "$FORM" = extracted ]; then
    (cd "$3" && exec java -XX:SharedArchiveFile=application.jsa -Djava.io.tmpdir=/tmp -Xms512m -Xmx1g "${EXTRA[@]}" \
      -jar application.jar --server.port="$4" --management.server.port=$(($4 + 1)) \
      --ringmap.topology.file="file:$BIG") > "$OUT/$1-big2.log" 2>&1 &
  else
    java -Xms512m -Xmx1g "${EXTRA[@]}" -jar "$2" --server.port="$4" --management.server.port=$(($4 + 1)) \
      --ringmap.topology.file="file:$BIG" > "$OUT/$1-big2.log" 2>&1 &
  fi
  echo $!
}
cpu_s() { awk -v hz="$HZ" '{printf "%.1f", ($14 + $15) / hz}' "/proc/$1/stat"; }

for run in $(seq 1 "$RUNS"); do
  echo "run $run ($FORM${JAVA_OPTS:+, $JAVA_OPTS}${AFTER_OPTS:+, after: $AFTER_OPTS}): load at start $(cut -d' ' -f1-3 /proc/loadavg)"
  t0=$(date +%s.%N)
  b=$(launch before "$BEFORE_JAR" "${BEFORE_DIR:-}" "$BP")
  a=$(launch after "$AFTER_JAR" "${AFTER_DIR:-}" "$AP")
  trap 'kill $a $b 2>/dev/null || true' EXIT
  declare -A done_at=() cpu_at=()
  for _ in $(seq 1 6000); do
    for n in "before:$((BP + 1)):$b" "after:$((AP + 1)):$a"; do
      IFS=: read -r name port pid <<< "$n"
      if [ -z "${done_at[$name]:-}" ] && curl -sf -o /dev/null "localhost:$port/readyz"; then
        done_at[$name]=$(echo "$(date +%s.%N) - $t0" | bc)
        cpu_at[$name]=$(cpu_s "$pid")
      fi
    done
    [ -n "${done_at[before]:-}" ] && [ -n "${done_at[after]:-}" ] && break
    sleep 0.1
  done
  for name in before after; do
    echo "  $name: context $(since "$OUT/$name-big2.log" 'Started RingmapApplication') s, snapshot" \
      "$(since "$OUT/$name-big2.log" 'published ring snapshot') s, /readyz ${done_at[$name]:-?} s," \
      "CPU ${cpu_at[$name]:-?} s"
  done
  kill "$a" "$b" 2>/dev/null || true
  wait "$a" "$b" 2>/dev/null || true
  unset done_at cpu_at
done
echo "load at end $(cut -d' ' -f1-3 /proc/loadavg)"
