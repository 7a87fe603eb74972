#!/usr/bin/env bash
# Gateway CPU per request of two builds, rounds interleaved (before, after, after, before, ...), so
# that drift over the run falls on both: the cost benchmark's `patched` mode once per build and
# round, each with the distribution given, then compare_builds.py over the results.
#
#   bench/cost/compare_builds.sh BEFORE_DIST AFTER_DIST OUT [ROUNDS] -- [bench-cost.sh options]
#
# A distribution is a built dist/target/gatefork (e.g. from a `git worktree` of the old commit,
# `mvn -o -q package -DskipTests -pl dist -am`). Each invocation writes OUT/<before|after>-r<N>/;
# OUT/compare.md is the table.
set -euo pipefail
cd "$(dirname "$0")/../.."
before=$1 after=$2 out=$3 rounds=${4:-3}
shift 4 || shift $#
[ "${1:-}" = "--" ] && shift
mkdir -p "$out"
for ((r = 1; r <= rounds; r++)); do
  if ((r % 2 == 1)); then order="before after"; else order="after before"; fi
  for label in $order; do
    dist=$before
    [ "$label" = after ] && dist=$after
    echo "$(date -u +%T) $label round $r ($dist)" >&2
    timeout 1800 scripts/bench-cost.sh --rounds 1 --modes patched "$@" --dist "$dist" \
      --out "$out/$label-r$r" > "$out/$label-r$r.log" 2>&1
  done
done
python3 bench/cost/compare_builds.py "$out" | tee "$out/compare.md"
