#!/bin/sh
# What the test harness's start-up savings give one cluster start (BENCHMARKS.md, "CI suite time"):
#
#   scripts/bench-node-start.sh [NODES] [ROUNDS]    default 3 nodes (127.0.0.251-253), 3 rounds
#
# Starts and stops the cluster ROUNDS times in each of three set-ups, alternating (as before: no class data archive;
# the archive only; as now), and prints the time until ready and the nodes' CPU time. Works in
# target/node-start-bench, so the first start writes a class data archive there as a clean clone does (timed).
set -e
BASEDIR=$(CDPATH= cd -- "$(dirname -- "$0")/.." && pwd)
cd "$BASEDIR"
TEST_CP=target/cassandra/harness-classpath.txt
if [ ! -f target/cassandra/classpath.txt ]; then
  ./mvnw -q -B -f src/test/cassandra/pom.xml process-resources
fi
./mvnw -q -B test-compile dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$TEST_CP"
WORK=target/node-start-bench
rm -rf "$WORK" && mkdir -p "$WORK/target/cassandra"
cp target/cassandra/classpath.txt "$WORK/target/cassandra/"
CP="$BASEDIR/target/test-classes:$BASEDIR/target/classes:$(cat "$TEST_CP")"
cd "$WORK"
uptime
exec java -Xmx256m -Dlogback.configurationFile="$BASEDIR/scripts/local-cluster-logback.xml" -cp "$CP" \
  io.ringmap.testcluster.NodeStartBench "$@"
