#!/usr/bin/env bash
# The images the start-up benchmark compares, from the packaged distribution (dist/target/gatefork):
#   gatefork:today  the Dockerfile and bin/ scripts of REV (default main) around the same jars:
#                   today's image, no start-up cache, on BASE_21
#   gatefork:warm   this checkout's Dockerfile (training run, start-up cache) on BASE_25
#   gatefork:warm21 the same on BASE_21 (the AppCDS fallback)
#   bench/startup/build-images.sh [REV]
# BASE_21 (default gatefork-base:21), BASE_25 (default gatefork-base:25, the one .ci/run builds):
# scripts/build-base-image.sh JDK_HOME builds either from a local JDK of that version. Run it under the shared CPU lock: the training runs are
# ~1 min of CPU each.
set -euo pipefail
cd "$(dirname "$0")/../.."
REV=${1:-main}
BASE_21=${BASE_21:-gatefork-base:21}
BASE_25=${BASE_25:-gatefork-base:25}
[ -d dist/target/gatefork/lib ] || { echo "package the distribution first" >&2; exit 1; }

today=$(mktemp -d)
trap 'rm -rf "$today"' EXIT
git archive "$REV" Dockerfile dist/src/main/dist/bin | tar -x -C "$today"
mkdir -p "$today/dist/target/gatefork"
cp -a dist/target/gatefork/lib dist/target/gatefork/config "$today/dist/target/gatefork/"
cp -a "$today/dist/src/main/dist/bin" "$today/dist/target/gatefork/bin"
docker build -q --build-arg BASE_IMAGE="$BASE_25" -t gatefork:warm .
# no Java 21 base (no JDK 21 on the machine): the run then takes variants of the images there are
if docker image inspect "$BASE_21" >/dev/null 2>&1; then
  docker build -q --build-arg BASE_IMAGE="$BASE_21" -t gatefork:today "$today"
  docker build -q --build-arg BASE_IMAGE="$BASE_21" -t gatefork:warm21 .
else
  echo "no image $BASE_21: gatefork:today and gatefork:warm21 not built" >&2
fi
# the broker the gateways join: the full image (the production one has no engine)
docker build -q --build-arg BASE_IMAGE="$BASE_25" --target full -t gatefork-full:warm .
docker images --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep -E '^gatefork(-full)?:(today|warm|warm21) '
