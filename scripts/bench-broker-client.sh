#!/usr/bin/env bash
# Broker-client round trips and footprint against an embedded broker in one JVM (issue #2's
# reference figure). Usage: scripts/bench-broker-client.sh [instances, default 50000]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/find-jdk.sh
mvn -B -q -pl broker-client -am install -DskipTests
mvn -B -q -pl broker-client dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile=target/bench.classpath
flags=""
[ "$("$JAVA_HOME/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')" -ge 24 ] \
  && flags="--enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow"
exec "$JAVA_HOME/bin/java" $flags -Xmx512m -cp "broker-client/target/test-classes:broker-client/target/classes:$(cat broker-client/target/bench.classpath)" \
  io.gatefork.broker.client.bench.BrokerClientBenchmark "$@"
