#!/usr/bin/env bash
# Sourced by the project's scripts: exports JAVA_HOME pointing at a JDK >= 21 (the Zeebe 8.8
# libraries are Java 21 bytecode). Keeps a JAVA_HOME that already qualifies; otherwise looks at
# `java` on the PATH and the usual JVM directories, newest first.

java_major() {
  "$1/bin/java" -XshowSettings:properties -version 2>&1 \
    | sed -n 's/^ *java.specification.version = //p' | head -n 1 | cut -d. -f1
}

qualifies() {
  [ -x "$1/bin/java" ] && [ -x "$1/bin/javac" ] && [ "$(java_major "$1")" -ge 21 ] 2>/dev/null
}

find_jdk() {
  if [ -n "${JAVA_HOME:-}" ] && qualifies "$JAVA_HOME"; then
    echo "$JAVA_HOME"; return 0
  fi
  local candidates=()
  if command -v javac >/dev/null 2>&1; then
    candidates+=("$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")")
  fi
  local dir
  for dir in /usr/lib/jvm/* /opt/java/* /opt/jdk* /usr/local/lib/jvm/* "$HOME"/.sdkman/candidates/java/*; do
    [ -d "$dir" ] && candidates+=("$dir")
  done
  local best="" best_major=0 major
  for dir in "${candidates[@]}"; do
    if qualifies "$dir"; then
      major=$(java_major "$dir")
      if [ "$major" -gt "$best_major" ]; then best="$dir"; best_major=$major; fi
    fi
  done
  [ -n "$best" ] && { echo "$best"; return 0; }
  return 1
}

if ! JAVA_HOME=$(find_jdk); then
  echo "gatefork needs a JDK 21 or newer: install one (e.g. apt-get install openjdk-21-jdk-headless) or set JAVA_HOME" >&2
  return 1 2>/dev/null || exit 1
fi
export JAVA_HOME
export PATH="$JAVA_HOME/bin:$PATH"
# Maven's own guava warns about sun.misc.Unsafe on JDK 24+: silence it, nothing else changes
if [ "$(java_major "$JAVA_HOME")" -ge 24 ] && [[ "${MAVEN_OPTS:-}" != *sun-misc-unsafe-memory-access* ]]; then
  export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
fi
