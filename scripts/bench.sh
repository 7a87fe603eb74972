#!/usr/bin/env bash
# Gateway benchmark: A/B modes of the gatefork image in a CPU-limited container, REST against
# gRPC, driven by the official camunda-client-java. Writes results/<timestamp>/ (results.json,
# report.md, readme-section.md, charts). Options: `scripts/bench.sh --help`.
#
#   scripts/bench.sh --smoke                                   # a few minutes, CI-sized
#   scripts/bench.sh --modes stock,patched --protocols rest,grpc-stream --rate 100 --rounds 3 \
#                    --ramp 100,200,300 --sweep exec-x4,exec-x16 --overload --out results/mine
# The full run the published figures come from is in docs/performance.md (workload benchmark).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=find-jdk.sh
source scripts/find-jdk.sh

# Rebuild when the distribution or the harness is missing, or a source or pom is newer.
stamp=bench/target/bench.classpath
needs_build=false
only_help=false
for arg in "$@"; do [ "$arg" = --help ] && only_help=true; done
if $only_help && [ -f "$stamp" ]; then
  needs_build=false
elif [ ! -d dist/target/gatefork/lib ] || [ ! -d bench/target/classes ] || [ ! -f "$stamp" ]; then
  needs_build=true
elif [ -n "$(find . -path ./results -prune -o -path '*/target' -prune -o \
      \( -name '*.java' -o -name 'pom.xml' -o -name '*.yaml' -o -name 'modes.json' -o -path './dist/src/main/dist/*' \) \
      -newer "$stamp" -print -quit)" ]; then
  needs_build=true
fi
if $needs_build; then
  # package, not install: the harness runs from bench/target and dist/target, and the local
  # repository is left alone (the reactor resolves the modules' own artifacts)
  echo "building (mvn -B -q -pl dist,bench -am package -DskipTests) ..."
  mvn -B -q -pl dist,bench -am package -DskipTests dependency:build-classpath \
    -Dmdep.includeScope=runtime -Dmdep.outputFile=target/bench.classpath
  touch "$stamp"
fi

# Testcontainers runs the containers: without Ryuk, which would need an image pulled from a
# registry (the harness removes its containers itself), and on the host network only, so the
# host is not looked up in a bridge network the engine may not have
export TESTCONTAINERS_RYUK_DISABLED=${TESTCONTAINERS_RYUK_DISABLED:-true}
export TESTCONTAINERS_HOST_OVERRIDE=${TESTCONTAINERS_HOST_OVERRIDE:-localhost}

flags=""
[ "$(java -XshowSettings:properties -version 2>&1 \
    | sed -n 's/^ *java.specification.version = //p' | cut -d. -f1)" -ge 24 ] \
  && flags="--enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow"
# shellcheck disable=SC2086 # flags is a list
exec java $flags -Xmx1g -XX:+ExitOnOutOfMemoryError -Djava.awt.headless=true \
  -cp "bench/target/classes:$(cat "$stamp")" io.gatefork.bench.BenchmarkMain --root "$PWD" "$@"
