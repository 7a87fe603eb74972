#!/usr/bin/env bash
# Workload benchmark: gateway CPU per completed process instance under the official
# camunda-client-java's load (a fixed create rate, job workers), per mode (stock, patched, ...) and
# client setup (rest, rest-default-pool, grpc, grpc-stream), gateway and load pinned to separate
# cores. Builds what is missing, then runs bench/cost/workload_bench.py, which writes
# bench/cost/results/<UTC timestamp>/ (results.json.gz, report.md). See bench/cost/README.md.
#
#   scripts/bench.sh --smoke                                   # about 2 minutes
#   scripts/bench.sh --modes stock,patched --protocols rest,grpc-stream --rate 100 --rounds 3
#   scripts/bench.sh --help
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=find-jdk.sh
source scripts/find-jdk.sh

# Rebuild when the distribution or the load generator is missing, or a source or pom is newer.
stamp=bench/target/bench.classpath
only_help=false
for arg in "$@"; do
  case "$arg" in -h|--help|--report-only|--report-only=*) only_help=true ;; esac
done
needs_build=false
if $only_help; then
  needs_build=false
elif [ ! -d dist/target/gatefork/lib ] || [ ! -d bench/target/classes ] || [ ! -f "$stamp" ]; then
  needs_build=true
elif [ -n "$(find . -path ./results -prune -o -path '*/target' -prune -o -path ./bench/cost -prune \
      -o \( -name '*.java' -o -name 'pom.xml' -o -name '*.yaml' -o -path './dist/src/main/dist/*' \) \
      -newer "$stamp" -print -quit)" ]; then
  needs_build=true
fi
if $needs_build; then
  # package, not install: everything runs from dist/target and bench/target, and the local
  # repository is left alone (the reactor resolves the modules' own artifacts)
  echo "building (mvn -B -q -pl dist,bench -am package -DskipTests) ..." >&2
  mvn -B -q -pl dist,bench -am package -DskipTests dependency:build-classpath \
    -Dmdep.includeScope=runtime -Dmdep.outputFile=target/bench.classpath
  touch "$stamp"
fi

BENCH_COST_COMMAND="scripts/bench.sh$(printf ' %q' "$@")"
export BENCH_COST_COMMAND
classpath="bench/target/classes"
[ -f "$stamp" ] && classpath="$classpath:$(cat "$stamp")"
exec python3 bench/cost/workload_bench.py --load-classpath "$classpath" "$@"
