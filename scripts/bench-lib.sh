# Shared by the bench-*.sh scripts, which source it from the repository root after `set -euo pipefail`:
# the jars to compare, the 1000-node x 256-vnode topology (scripts/bench_topology.py), wrk's Lua request scripts,
# and starting ringmap JVMs, waiting until they are ready and stopping them on exit.

AFTER_JAR=${AFTER_JAR:-$(ls target/ringmap-*.jar | grep -v original | head -1)}
BEFORE_JAR=${BEFORE_JAR:-$AFTER_JAR}

big_topology() { # file: writes the 1000-node x 256-vnode topology (the same file every time)
  python3 scripts/bench_topology.py "$1"
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
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT
start() { # name port command...: runs it with --server.port=port and the management port port+1, log $OUT/name.log
  local name=$1 port=$2; shift 2
  "$@" --server.port="$port" --management.server.port=$((port + 1)) > "$OUT/$name.log" 2>&1 &
  pids+=($!)
  pid_of[$port]=$!
}
ready() { # management-port [tries, 0.2 s apart; 1200]: waits for /readyz
  for _ in $(seq 1 "${2:-1200}"); do curl -sf "localhost:$1/readyz" >/dev/null 2>&1 && return; sleep 0.2; done
}
since() { # log pattern: seconds from $t0 to the first log line matching the pattern, or ?
  local ts; ts=$(grep -a -m1 "$2" "$1" | cut -c1-23) # -a: a JVM's log may hold binary bytes
  [ -n "$ts" ] && echo "$(date -u -d "${ts/T/ } UTC" +%s.%N) - $t0" | bc || echo "?"
}
