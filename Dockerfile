# ringmap container image: built with the project's own ./mvnw, unpacked into Spring Boot's layers
# (java -Djarmode=tools ... extract --layers), with a class data sharing archive from a training run, and run with
# `java -jar` on a JRE as a non-root user.
# ExtractedLayoutIT parses this file and replays the extraction, the training run, the layer order and the ENTRYPOINT
# on the built jar.
#
# Pin the base images by digest for reproducible builds, e.g.
#   docker build --build-arg RUNTIME_IMAGE=eclipse-temurin:17-jre@sha256:<digest> \
#                --build-arg BUILD_IMAGE=eclipse-temurin:17-jdk@sha256:<digest> .
# (use the same Java in both: the archive is only valid on the JVM that wrote it).

ARG BUILD_IMAGE=eclipse-temurin:17-jdk
ARG RUNTIME_IMAGE=eclipse-temurin:17-jre

FROM ${BUILD_IMAGE} AS build
WORKDIR /workspace
# 1. Maven and the dependencies in their own layer, rebuilt only when the pom changes. The goals are named rather
#    than a lifecycle phase, so test-scoped dependencies (and the test plugins') are never resolved; a placeholder
#    class makes the compiler resolve its annotation processors too.
COPY mvnw pom.xml ./
RUN mkdir -p src/main/java \
 && echo 'class Placeholder {}' > src/main/java/Placeholder.java \
 && ./mvnw -B -q -Dspring-boot.repackage.skip=true \
      resources:resources spring-boot:build-info compiler:compile jar:jar spring-boot:repackage \
 && rm -rf src target
# 2. The application, offline: a source change rebuilds from here on
COPY src/main ./src/main
RUN ./mvnw -B -q -o resources:resources spring-boot:build-info compiler:compile jar:jar spring-boot:repackage \
 && cp target/ringmap-*.jar application.jar
RUN java -Djarmode=tools -jar application.jar extract --layers --destination extracted

FROM ${RUNTIME_IMAGE}
ARG VERSION=0.1.0
ARG REVISION=unknown
LABEL org.opencontainers.image.title="ringmap" \
      org.opencontainers.image.description="Cassandra partition routing as a service: tokens, replicas, token-range splits, hot keys" \
      org.opencontainers.image.licenses="Apache-2.0" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.base.name="${RUNTIME_IMAGE}"
WORKDIR /application
# least to most often changed, as listed by `java -Djarmode=tools -jar application.jar list-layers`
COPY --from=build /workspace/extracted/dependencies/ ./
COPY --from=build /workspace/extracted/spring-boot-loader/ ./
COPY --from=build /workspace/extracted/snapshot-dependencies/ ./
COPY --from=build /workspace/extracted/application/ ./
ENV JAVA_TOOL_OPTIONS="-XX:MaxRAMPercentage=75 -XX:+ExitOnOutOfMemoryError"
# class data sharing: a training run that starts the context and exits (spring.context.exit=onRefresh) writes the
# archive of the classes it loaded; starting with it saves about 40 % of the start-up CPU (docs/performance.md, "Start-up").
# -XX:TieredStopAtLevel=1 added to JAVA_TOOL_OPTIONS halves start-up CPU again (C2 compiling run-once start-up code
# is half of it), but costs 4-5x the CPU per request once warm: only for deployments that restart often and serve little.
RUN java -XX:ArchiveClassesAtExit=application.jsa -Dspring.context.exit=onRefresh -Djava.io.tmpdir=/tmp -jar application.jar --server.port=0 --management.server.port=0
USER 10001:10001
EXPOSE 8080 8081
ENTRYPOINT ["java", "-XX:SharedArchiveFile=application.jsa", "-Djava.io.tmpdir=/tmp", "-jar", "application.jar"]
