#!/bin/sh
# A rolling restart in ringmap's waves: ask the guide, restart the nodes it says may stop (a wave at once), repeat.
#
#   RINGMAP=http://ringmap:8080 KEEP='"keyspaces": {"shop": "LOCAL_QUORUM"}' docs/examples/rolling-restart.sh
#
# KEEP is the body of POST /plan/restart without braces (default: LOCAL_QUORUM for every keyspace, kept in every DC).
# restart_node is yours: drain, then restart the process as you run it (systemd over ssh below; or kubectl delete
# pod, whose StatefulSet starts it again). Needs curl and jq.
set -eu
RINGMAP=${RINGMAP:-http://localhost:8080}
KEEP=${KEEP:-'"consistency": "LOCAL_QUORUM"'}

restart_node() {
  nodetool -h "$1" drain
  ssh "$1" sudo systemctl restart cassandra
}

restarted='[]'
while :; do
  answer=$(curl -sf -H 'Content-Type: application/json' -d "{$KEEP, \"restarted\": $restarted}" \
    "$RINGMAP/plan/restart/next")
  case $(echo "$answer" | jq -r .action) in
    DONE) echo "every node restarted: $restarted"; exit 0 ;;
    WAIT) echo "$answer" | jq -r '.waits[].reason' | sed 's/^/waiting: /'; sleep 5 ;;
    STOP)
      nodes=$(echo "$answer" | jq -r '.stop[]')
      echo "restarting $nodes"
      for node in $nodes; do restart_node "$node" & done
      wait
      restarted=$(echo "$answer" | jq -c --argjson done "$restarted" '$done + .stop') ;;
  esac
done
