#!/bin/sh
# Starts, stops or shows a real local Cassandra cluster (5.0.9 unless RINGMAP_CASSANDRA_LINE says 4.0, 4.1 or 6.0) for
# trying ringmap by hand.
#
#   scripts/local-cluster.sh start  [SPEC]   start the nodes and return once every node answers CQL
#   scripts/local-cluster.sh status [SPEC]   pids, memory and `nodetool status`
#   scripts/local-cluster.sh stop   [SPEC]   SIGTERM every node, SIGKILL after 30 s
#
# SPEC is one of LOCAL (default: 127.0.0.1-4, dc1 and dc2, racks rack1 and rack2, one token each), TWO_DC,
# VNODES, MURMUR3_SINGLE, RANDOM_SINGLE, BYTE_ORDERED_SINGLE, LINE_4_0, LINE_4_1, LINE_6_0 (three vnode nodes of
# that line). RINGMAP_CASSANDRA_LINE (4.0, 4.1, 5.0 or 6.0) runs the other specs on another line. Data, logs and
# pid files live under target/cassandra-clusters/<spec>/<address>/. Node heap: RINGMAP_CASSANDRA_HEAP (-Xmx, default 512m) and
# RINGMAP_CASSANDRA_HEAP_MIN (-Xms, default 256m).
# Set RINGMAP_REBUILD=1 to recompile the harness and re-resolve classpaths.
set -e
BASEDIR=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
cd "$BASEDIR"

if [ $# -lt 1 ]; then
  sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi

LINE=${RINGMAP_CASSANDRA_LINE:-5.0}
case "${2:-}" in LINE_4_0) LINE=4.0 ;; LINE_4_1) LINE=4.1 ;; LINE_6_0) LINE=6.0 ;; esac
case "$LINE" in
  4.0) RELEASE=4.0.19 ;; 4.1) RELEASE=4.1.10 ;; 5.0) RELEASE=5.0.9 ;; 6.0) RELEASE=6.0-alpha2 ;;
  *) echo "local-cluster: RINGMAP_CASSANDRA_LINE must be 4.0, 4.1, 5.0 or 6.0" >&2; exit 2 ;;
esac
SERVER_CP=target/cassandra/$RELEASE/classpath.txt
TEST_CP=target/cassandra/harness-classpath.txt
if [ "${RINGMAP_REBUILD:-0}" = 1 ] || [ ! -f "$SERVER_CP" ]; then
  echo "local-cluster: resolving the Cassandra $RELEASE server classpath" >&2
  ./mvnw -q -B -f src/test/cassandra/pom.xml process-resources -Dcassandra.version="$RELEASE"
fi
if [ "${RINGMAP_REBUILD:-0}" = 1 ] || [ ! -f "$TEST_CP" ] \
    || [ ! -f target/test-classes/io/ringmap/testcluster/LocalCluster.class ]; then
  echo "local-cluster: compiling the test cluster harness" >&2
  ./mvnw -q -B test-compile dependency:build-classpath \
    -Dmdep.includeScope=test -Dmdep.outputFile="$TEST_CP"
fi

JAVA=java
if [ -n "$JAVA_HOME" ]; then JAVA="$JAVA_HOME/bin/java"; fi
HEAP=${RINGMAP_CASSANDRA_HEAP:-512m}
HEAP_MIN=${RINGMAP_CASSANDRA_HEAP_MIN:-256m}
exec "$JAVA" -Xmx256m -XX:TieredStopAtLevel=1 -Dringmap.cassandra.line="$LINE" \
  -Dringmap.cassandra.heap.min="$HEAP_MIN" -Dringmap.cassandra.heap.max="$HEAP" \
  -Dlogback.configurationFile="$BASEDIR/scripts/local-cluster-logback.xml" \
  -cp "target/test-classes:target/classes:$(cat "$TEST_CP")" \
  io.ringmap.testcluster.LocalCluster "$@"
