#!/usr/bin/env bash
# Builds a Java 25 base image for the gateway image (Dockerfile's BASE_IMAGE) without a registry:
# a local base image (default gatefork-base:21, the one .ci/run builds) plus a runtime jlink'ed
# from a local JDK 25 into /opt/java/openjdk (JAVA_HOME, first on the PATH), with its default CDS
# archive. The base's own Java 21 stays (unused; ~150 MB), so this is a measurement image: a CI
# base would install Java 25 instead of 21.
#   scripts/build-base-jdk25.sh [JDK_HOME] [TAG]
#   defaults: /usr/lib/jvm/temurin-25-jdk-amd64, gatefork-base:25; GATEFORK_BASE_IMAGE: the base
set -euo pipefail
JDK=${1:-/usr/lib/jvm/temurin-25-jdk-amd64}
TAG=${2:-gatefork-base:25}
FROM=${GATEFORK_BASE_IMAGE:-gatefork-base:21}
context=$(mktemp -d)
trap 'rm -rf "$context"' EXIT

# every module but the development tools: a JRE, as the stock images ship
modules=$("$JDK/bin/java" --list-modules | sed 's/@.*//' \
  | grep -Ev '^jdk\.(jshell|javadoc|compiler|jdeps|jlink|jpackage|incubator\..*)$' | paste -sd,)
"$JDK/bin/jlink" --add-modules "$modules" --output "$context/jre" --strip-debug --no-man-pages \
  --no-header-files --generate-cds-archive
cat >"$context/Dockerfile" <<DOCKERFILE
FROM $FROM
COPY jre/ /opt/java/openjdk/
ENV JAVA_HOME=/opt/java/openjdk PATH=/opt/java/openjdk/bin:\$PATH
DOCKERFILE
docker build -q -t "$TAG" "$context"
echo "built $TAG: $("$JDK/bin/java" -version 2>&1 | head -n 1) on $FROM"
