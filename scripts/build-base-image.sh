#!/usr/bin/env bash
# Builds a local base image for the gateway image (Dockerfile's BASE_IMAGE) without a registry: a
# Debian trixie root fs (debootstrap minbase, cached across runs) plus a Java runtime jlink'ed from
# a local JDK into /opt/java/openjdk (JAVA_HOME, first on the PATH), with its default CDS archive.
# .ci/run calls it; the JDK's version decides the image's start-up cache (bin/gateway: the AOT
# cache on 25+, AppCDS on 21-24).
#   scripts/build-base-image.sh [JDK_HOME] [TAG]
#   defaults: the JDK scripts/find-jdk.sh picks, gatefork-base:<its major version>
#   GATEFORK_CACHE: where the root fs is cached (default /var/cache/gatefork)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${1:-}" ]; then
  JDK=$1
else
  # shellcheck source=find-jdk.sh
  source scripts/find-jdk.sh >/dev/null
  JDK=$JAVA_HOME
fi
MAJOR=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$JDK/release")
TAG=${2:-gatefork-base:$MAJOR}
CACHE=${GATEFORK_CACHE:-/var/cache/gatefork}
rootfs="$CACHE/base-trixie"

if [ ! -d "$rootfs" ]; then
  echo "Building a Debian trixie root fs in $rootfs"
  mkdir -p "$CACHE"
  rm -rf "$rootfs.tmp"
  debootstrap --variant=minbase trixie "$rootfs.tmp" >"$CACHE/debootstrap.log" 2>&1 \
    || { tail -n 20 "$CACHE/debootstrap.log" >&2; exit 1; }
  rm -rf "$rootfs.tmp/var/cache/apt/archives/"*.deb "$rootfs.tmp/var/lib/apt/lists/"*
  mv "$rootfs.tmp" "$rootfs"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -a "$rootfs" "$work/root"
mkdir -p "$work/root/opt/java"
# every module but the development tools: a JRE, as the stock images ship
modules=$("$JDK/bin/java" --list-modules | sed 's/@.*//' \
  | grep -Ev '^jdk\.(jshell|javadoc|compiler|jdeps|jlink|jpackage|incubator\..*)$' | paste -sd,)
"$JDK/bin/jlink" --add-modules "$modules" --output "$work/root/opt/java/openjdk" --strip-debug \
  --no-man-pages --no-header-files --generate-cds-archive >/dev/null
tar -C "$work/root" -c . | docker import \
  --change 'ENV JAVA_HOME=/opt/java/openjdk' \
  --change 'ENV PATH=/opt/java/openjdk/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'CMD ["bash"]' - "$TAG" >/dev/null
echo "built $TAG: $("$JDK/bin/java" -version 2>&1 | head -n 1) on Debian trixie"
