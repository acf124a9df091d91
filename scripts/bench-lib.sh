# The library of scripts/bench, sourced from the repository root after `set -euo pipefail`: the jars to compare, the
# 1000-node x 256-vnode topology (bench_topology.py), wrk's Lua request scripts, starting JVMs, waiting until they
# are ready, stopping them on exit, and measuring one endpoint with wrk (req/s, latency, the server's CPU).

AFTER_JAR=${AFTER_JAR:-$(ls target/ringmap-*.jar 2>/dev/null | grep -v original | head -1)}
BEFORE_JAR=${BEFORE_JAR:-}
[ -n "$AFTER_JAR" ] || { echo "no target/ringmap-*.jar: run ./mvnw -DskipTests package first" >&2; exit 1; }
HZ=$(getconf CLK_TCK)

load() { cut -d' ' -f1-3 /proc/loadavg; }

big_topology() { # file: writes the 1000-node x 256-vnode topology (the same file every time)
  [ -s "$1" ] || python3 scripts/bench_topology.py "$1"
}

test_classpath() { # file: the test classpath of the minimal app (target/test-classes first), written once
  [ -s "$1" ] || ./mvnw -q dependency:build-classpath -Dmdep.outputFile="$1" >/dev/null
}

get_keys_lua() { # file: a wrk script that fills wrk.path's two %d with a request counter (keys s-N, days 1-28)
  cat > "$1" <<'LUA'
counter = 0
request = function()
  counter = counter + 1
  return wrk.format("GET", string.format(wrk.path, counter % 100000, counter % 28 + 1))
end
LUA
}

post_body_lua() { # file json: a wrk script that POSTs the JSON file as every request's body
  cat > "$1" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local f = io.open("$2", "r"); wrk.body = f:read("*a"); f:close()
LUA
}

pids=()
declare -A pid_of
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done; pids=(); }
trap cleanup EXIT

start() { # name port command...: runs it with --server.port=port and the management port port+1, log $OUT/name.log
  local name=$1 port=$2; shift 2
  "$@" --server.port="$port" --management.server.port=$((port + 1)) > "$OUT/$name.log" 2>&1 &
  pids+=($!)
  pid_of[$port]=$!
}

ready() { # management-port [tries, 0.2 s apart; 3000]: waits until the app reports itself healthy
  for _ in $(seq 1 "${2:-3000}"); do
    curl -sf -o /dev/null "localhost:$1/actuator/health" && return
    sleep 0.2
  done
  echo "port $1 never became ready" >&2; return 1
}

cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; } # pid: user + system clock ticks so far

ms() { # wrk's latency (812.00us, 5.21ms, 1.02s) in ms
  echo "$1" | awk '/us$/ {print $1 / 1000; next} /ms$/ {print $1 + 0; next} /s$/ {print $1 * 1000}'
}

since() { # log pattern: seconds from $t0 to the first log line matching the pattern, or ?
  local ts; ts=$(grep -a -m1 "$2" "$1" | cut -c1-23) # -a: a JVM's log may hold binary bytes
  [ -n "$ts" ] && echo "$(date -u -d "${ts/T/ } UTC" +%s.%N) - $t0" | bc || echo "?"
}

# measure label port url [wrk options...]: one wrk run against the JVM listening on port; prints label, items/s,
# p50, p99 (ms), non-2xx answers (must be 0) and the server's CPU per 1,000 items (user + system from /proc: the
# steadier figure on a shared machine); ITEMS (default 1) items per request. Sets RPS and P99 for the caller.
measure() {
  local label=$1 port=$2 url=$3; shift 3
  local pid=${pid_of[$port]} c0 c1 r n
  c0=$(cpu_ticks "$pid")
  r=$(wrk --timeout 30s --latency "$@" "$url")
  c1=$(cpu_ticks "$pid")
  n=$(echo "$r" | awk '/requests in/ {print $1}'); [ "${n:-0}" -gt 0 ] || n=1
  RPS=$(echo "$r" | awk '/Requests\/sec/ {print $2}')
  P99=$(ms "$(echo "$r" | awk '$1 == "99%" {print $2}')")
  printf '%-30s %11.0f items/s   p50 %8.2f ms   p99 %8.2f ms   non-2xx %5s   cpu %7.1f ms/1000 items\n' "$label" \
    "$(echo "$RPS * ${ITEMS:-1}" | bc -l)" "$(ms "$(echo "$r" | awk '$1 == "50%" {print $2}')")" "$P99" \
    "$(echo "$r" | awk '/Non-2xx/ {print $NF}' | grep . || echo 0)" \
    "$(echo "($c1 - $c0) * 1000 / $HZ * 1000 / ($n * ${ITEMS:-1})" | bc -l)"
}
