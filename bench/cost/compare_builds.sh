#!/usr/bin/env bash
# Gateway CPU per request of two or more builds, rounds interleaved (each round in the reverse order
# of the one before), so that drift over the run falls on all: the cost benchmark's `patched` mode
# once per build and round, each with the distribution given, then compare_builds.py over the
# results.
#
#   bench/cost/compare_builds.sh BEFORE_DIST AFTER_DIST OUT [ROUNDS] -- [bench-cost.sh options]
#   bench/cost/compare_builds.sh --builds LABEL=DIST,LABEL=DIST[,...] OUT [ROUNDS] -- [options]
#
# A distribution is a built dist/target/gatefork (e.g. from a `git worktree` of the old commit,
# `mvn -o -q package -DskipTests -pl dist -am`). The first build is the one the others are divided
# by (BEFORE in the first form). Each invocation writes OUT/<label>-r<N>/; OUT/compare.md is the
# table.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ "$1" = --builds ]; then
  builds=$2
  shift 2
else
  builds="before=$1,after=$2"
  shift 2
fi
out=$1 rounds=${2:-3}
shift 2 || shift $#
[ "${1:-}" = "--" ] && shift
IFS=, read -ra pairs <<< "$builds"
mkdir -p "$out"
: > "$out/builds"
for pair in "${pairs[@]}"; do echo "${pair%%=*}" >> "$out/builds"; done
for ((r = 1; r <= rounds; r++)); do
  order=("${pairs[@]}")
  if ((r % 2 == 0)); then
    order=()
    for ((i = ${#pairs[@]} - 1; i >= 0; i--)); do order+=("${pairs[i]}"); done
  fi
  for pair in "${order[@]}"; do
    label=${pair%%=*} dist=${pair#*=}
    echo "$(date -u +%T) $label round $r ($dist)" >&2
    timeout 1800 scripts/bench-cost.sh --rounds 1 --modes patched "$@" --dist "$dist" \
      --out "$out/$label-r$r" > "$out/$label-r$r.log" 2>&1
  done
done
python3 bench/cost/compare_builds.py "$out" | tee "$out/compare.md"
