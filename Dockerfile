# The gatefork gateway image: a drop-in for the stock Camunda gateway image (home /usr/local/zeebe,
# bin/ lib/ config/, user 1001, the same ports and environment variables).
#
# Targets:
#   gateway (the default, last stage): the production image the Helm chart deploys, the gateway's
#           lib/, config/, bin/ and its start-up cache; no engine, no training load
#   full    the distribution as built, lib/broker/ (the embedded broker: engine, RocksDB) and
#           lib/training/ included, where the start-up cache is trained: `docker run ...
#           gatefork-full broker --partitions 3` starts a broker for QA clusters, and its
#           bin/train-cache trains a cache for another configuration (see docs/deployment.md)
#
# Build the distribution first (no network is needed here):
#   mvn -B install -DskipTests            # produces dist/target/gatefork/{bin,lib,config}
#   docker build -t gatefork .
#   docker build --target full -t gatefork-full .
# BASE_IMAGE: any Java 21+ runtime with bash, e.g. a local image where no registry is reachable
# (scripts/build-base-image.sh builds one from a local JDK). Java 25 by default: its AOT cache
# halves the start-up (bench/startup); on 21-24 the start-up cache is AppCDS.
ARG BASE_IMAGE=eclipse-temurin:25-jre
# the shared stage, named through an ARG: Testcontainers (which builds the QA images) reads FROM
# lines and would try to pull a bare stage name as an image
ARG BASE_STAGE=base
FROM ${BASE_IMAGE} AS base

ENV ZB_HOME=/usr/local/zeebe \
    PATH=/usr/local/zeebe/bin:${PATH}

# uid 1001, as the stock image and the Helm chart's securityContext (runAsUser: 1001) expect;
# minimal bases may lack useradd, then the entries are written directly
RUN set -eu; \
    if ! getent group 1001 >/dev/null; then \
      if command -v groupadd >/dev/null; then groupadd --system --gid 1001 camunda; \
      else echo 'camunda:x:1001:' >>/etc/group; fi; \
    fi; \
    if ! getent passwd 1001 >/dev/null; then \
      if command -v useradd >/dev/null; then \
        useradd --system --uid 1001 --gid 1001 --home-dir /usr/local/zeebe --no-create-home \
          --shell /usr/sbin/nologin camunda; \
      else echo 'camunda:x:1001:1001::/usr/local/zeebe:/usr/sbin/nologin' >>/etc/passwd; fi; \
    fi; \
    mkdir -p /usr/local/zeebe/data /usr/local/zeebe/logs; \
    chown 1001:0 /usr/local/zeebe/data /usr/local/zeebe/logs; \
    chmod 0775 /usr/local/zeebe/data /usr/local/zeebe/logs

WORKDIR /usr/local/zeebe
# REST, management (health, metrics), gRPC, cluster
EXPOSE 8080 9600 26500 26502
# readiness on the management port (MANAGEMENT_SERVER_PORT, default 9600); bash only, no curl
HEALTHCHECK --interval=10s --timeout=6s --start-period=60s --retries=3 \
  CMD ["/usr/local/zeebe/bin/healthcheck"]
ENTRYPOINT ["/usr/local/zeebe/bin/entrypoint"]

FROM ${BASE_STAGE} AS full
# jars first: they change less often than the scripts
COPY dist/target/gatefork/lib/ lib/
COPY dist/target/gatefork/config/ config/
COPY dist/target/gatefork/bin/ bin/
# the build context may come from a checkout that lost the exec bits
RUN chmod 0755 bin/*

# The start-up cache (bin/gateway, "Start-up cache"; bin/train-cache): a training run of the gateway
# against the embedded broker on loopback ports, with the image's own JVM, so a new pod is ready
# sooner and compiles less in its first minute. ~1 min of build time; ~100 MB on JDK 25 (AOT cache
# with method profiles), less on JDK 21 (AppCDS). GATEFORK_TRAINING=off: no cache (the gateway then
# starts cold, one line on stderr). The cache holds lib/'s classes (the JVM refuses it once a jar
# changes: build the image again) and was trained with config/ as it is here. Trained here, in the
# full image, which has the broker to train against; the production image copies it.
ARG GATEFORK_TRAINING=on
# (the training gateway's Tomcat work folders and the JVMs' perf data stay out of the image)
RUN if [ "$GATEFORK_TRAINING" != off ]; then \
      bin/train-cache && chmod -R a+rX cache && rm -rf /tmp/tomcat.* /tmp/hsperfdata_*; \
    else mkdir cache; fi
USER 1001:0

FROM ${BASE_STAGE} AS gateway
# the gateway's jars only (a wildcard takes no folders): the same files, sizes and times the
# training gateway ran on, which the cache requires
COPY dist/target/gatefork/lib/*.jar lib/
COPY dist/target/gatefork/config/ config/
COPY dist/target/gatefork/bin/ bin/
RUN chmod 0755 bin/* && rm bin/broker bin/train-cache
COPY --from=full /usr/local/zeebe/cache/ cache/
USER 1001:0
