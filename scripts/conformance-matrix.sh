#!/usr/bin/env bash
# Runs the conformance suites on every Cassandra line the harness knows (or the lines given), one line after another,
# and prints a table of what passed: the full matrix of docs/conformance.md ("Every line"). CI runs a subset in
# ./mvnw verify (every line at rest, movement on 4.1, 5.0 and 6.0); this runs the 5.0 suites on the other lines too.
#
#   scripts/conformance-matrix.sh [LINE...]     LINE: 4.0 4.1 5.0 6.0 (default: all four)
#
# Each line is one `./mvnw verify` of the suites with -Dringmap.cassandra.line=LINE (the standard clusters then run that
# line); its Failsafe reports are kept under target/conformance-matrix/LINE/. Takes 10-20 minutes a line here.
set -uo pipefail
cd "$(dirname "$0")/.."
LINES=("$@")
[ ${#LINES[@]} -gt 0 ] || LINES=(4.0 4.1 5.0 6.0)
SUITES=TokenConformanceIT,ReplicaConformanceIT,SplitConformanceIT,RangesInMotionIT,AddressConformanceIT,TablePartitionerIT,CassandraOrderOracleIT
OUT=target/conformance-matrix
mkdir -p "$OUT"
for line in "${LINES[@]}"; do
  case "$line" in
    4.0) own=Cassandra40ConformanceIT ;; 4.1) own=Cassandra41ConformanceIT ;; 6.0) own=Cassandra60ConformanceIT ;;
    5.0) own="" ;; *) echo "unknown line $line (4.0, 4.1, 5.0 or 6.0)" >&2; exit 2 ;;
  esac
  echo "== Cassandra $line: $SUITES${own:+,$own}"
  started=$(date +%s)
  rm -rf target/failsafe-reports
  ./mvnw -B verify -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false -Dfailsafe.failIfNoSpecifiedTests=false \
    -Dit.test="$SUITES${own:+,$own}" -Dringmap.cassandra.line="$line" > "$OUT/$line.log" 2>&1
  status=$?
  rm -rf "$OUT/$line" && mkdir -p "$OUT/$line" && cp target/failsafe-reports/TEST-*.xml "$OUT/$line/" 2>/dev/null
  echo "   exit $status in $(( $(date +%s) - started )) s; log $OUT/$line.log"
done
echo
echo "| line | class | tests | failures | errors | skipped |"
echo "|---|---|---|---|---|---|"
for line in "${LINES[@]}"; do
  for report in "$OUT/$line"/TEST-*.xml; do
    [ -f "$report" ] || continue
    head -c 2000 "$report" | tr '\n' ' ' | sed -n 's/.*<testsuite \([^>]*\)>.*/\1/p' | {
      read -r attrs
      get() { echo "$attrs" | sed -n "s/.* $1=\"\([^\"]*\)\".*/\1/p"; }
      name=$(echo "$attrs" | sed -n 's/.*name="\([^"]*\)".*/\1/p')
      echo "| $line | ${name##*.} | $(get tests) | $(get failures) | $(get errors) | $(get skipped) |"
    }
  done
done
