#!/usr/bin/env bash
# old harness (b209bca) vs new harness (working tree), same distribution, rounds interleaved
set -uo pipefail
out=/tmp/harness-compare2; dist=/tmp/dists/main-final
rm -rf $out; mkdir -p $out; printf 'old\nnew\n' > $out/builds
opts=(--rounds 1 --modes patched --ops create --fixed-ops create --closed-ops create --high-rate-ops create --high-rate 1000 --warmup 3 --window 6 --gateway-warmup 45 --gateway-warmup-max 150 --dist $dist)
for r in 1 2 3; do
  order="old new"; [ $((r % 2)) -eq 0 ] && order="new old"
  for h in $order; do
    root=/work/main; [ $h = old ] && root=/work/wt-oldbench
    echo "$(date -u +%T) $h round $r" >&2
    (cd $root && timeout 1800 scripts/bench-cost.sh "${opts[@]}" --out $out/$h-r$r > $out/$h-r$r.log 2>&1) || echo "$h r$r failed rc=$?" >&2
  done
done
python3 /work/main/bench/cost/compare_builds.py $out | tee $out/compare.md
