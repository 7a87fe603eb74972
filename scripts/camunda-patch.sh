#!/usr/bin/env bash
# Which Camunda 8.8 patch can the build take? Asks Maven (the build's own repositories) for each
# io.camunda library pom.xml manages, newest patch first, and prints per library the newest patch
# that resolves, then what to set:
#   camunda.version           the newest patch at which the engine and the gateway's libraries
#                             (Atomix, transport, protocol) resolve
#   camunda.unserved.version  the newest patch served of the libraries missing at that one (the
#                             enforcer allows exactly those at it; gateway-app's CamundaLinkageTest
#                             checks the mix links)
#   camunda-client.version    the newest patch of the official client (tests only)
#
#   scripts/camunda-patch.sh [HIGHEST_PATCH_TO_TRY]   (default: the current patch + 30)
#
# Then: set the three properties in pom.xml, `mvn -B verify` (the README's test command), and
# update the libraries' list in the enforcer rule and CamundaLinkageTest.OLDER if it changed.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/find-jdk.sh >/dev/null

property() { sed -n "s:.*<$1>\(.*\)</$1>.*:\1:p" pom.xml | head -n 1; }
current=$(property camunda.version)
line=${current%.*}
highest=${1:-$((${current##*.} + 30))}

resolves() { # artifact version
  mvn -B -q dependency:get -Dtransitive=false -Dartifact="io.camunda:$1:$2" >/dev/null 2>&1
}

newest() { # artifact highest-patch: prints the newest patch that resolves, or nothing
  local patch
  for ((patch = $2; patch >= 0; patch--)); do
    if resolves "$1" "$line.$patch"; then
      echo "$patch"
      return 0
    fi
  done
}

mapfile -t libraries < <(grep -o '<artifactId>[^<]*</artifactId><version>${camunda[.a-z]*version}</version>' pom.xml |
  sed 's:<artifactId>\([^<]*\)</artifactId>.*:\1:' | grep -v '^camunda-client-java$' | sort -u)

engine=$(newest zeebe-workflow-engine "$highest")
[ -n "$engine" ] || { echo "no $line patch of zeebe-workflow-engine resolves" >&2; exit 1; }
target=$engine
for core in zeebe-atomix-cluster zeebe-transport zeebe-protocol-impl zeebe-gateway-protocol-impl; do
  patch=$(newest "$core" "$target")
  target=${patch:-0}
done

echo "library: newest $line patch that resolves (now camunda.version $current)"
unserved=()
older=$target
for library in "${libraries[@]}"; do
  patch=$(newest "$library" "$target")
  if [ -n "$patch" ]; then echo "  $library: $line.$patch"; else echo "  $library: none"; fi
  if [ "${patch:-x}" != "$target" ]; then
    unserved+=("$library")
    ((${patch:-0} < older)) && older=${patch:-0}
  fi
done
echo "camunda.version: $line.$target"
if [ ${#unserved[@]} -gt 0 ]; then
  echo "camunda.unserved.version: $line.$older (for ${unserved[*]})"
fi
client=$(property camunda-client.version)
echo "camunda-client.version: $line.$(newest camunda-client-java $((${client##*.} + 30)))"
