#!/usr/bin/env bash
# Gateway CPU cost benchmark: CPU µs per request of the gateway JVM, REST (vegeta) against gRPC
# (ghz), patched against stock, gateway and load pinned to separate cores. Writes
# bench/cost/results/<UTC timestamp>/ (results.json.gz, report.md). See bench/cost/README.md.
#
#   scripts/bench-cost.sh --smoke --rest-port 18080 ...      # a few minutes, one round
#   scripts/bench-cost.sh --overload --smoke ...             # overload cells, ~5 minutes
#   scripts/bench-cost.sh --help
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=find-jdk.sh
source scripts/find-jdk.sh

only_help=false
for arg in "$@"; do
  case "$arg" in -h|--help|--report-only|--report-only=*) only_help=true ;; esac
done

if ! $only_help && [ ! -d dist/target/gatefork/lib ]; then
  echo "building the distribution (mvn -B -q package -DskipTests) ..." >&2
  mvn -B -q package -DskipTests
fi

# vegeta (REST) and ghz (gRPC), pinned versions, built with Go when missing
gobin="${GOBIN:-/usr/local/bin}"
export PATH="$PATH:$gobin"
install_tool() {  # name module@version
  command -v "$1" >/dev/null 2>&1 && return 0
  local go
  go=$(command -v go || echo /usr/local/go/bin/go)
  if [ ! -x "$go" ]; then
    echo "$1 is missing and there is no Go toolchain (PATH or /usr/local/go/bin) to build it" >&2
    exit 1
  fi
  echo "installing $1 ($2) into $gobin ..." >&2
  GOBIN="$gobin" "$go" install "$2"
}
if ! $only_help; then
  install_tool vegeta github.com/tsenart/vegeta/v12@v12.13.0
  install_tool ghz github.com/bojand/ghz/cmd/ghz@v0.93.0
fi

BENCH_COST_COMMAND="scripts/bench-cost.sh$(printf ' %q' "$@")"
export BENCH_COST_COMMAND
exec python3 bench/cost/cost_bench.py "$@"
