# ringmap container image: built with the project's own ./mvnw, unpacked into Spring Boot's layers
# (java -Djarmode=tools ... extract --layers --launcher) and run by the JarLauncher on a JRE as a non-root user.
# ExtractedLayoutIT parses this file and replays the extraction, the layer order and the ENTRYPOINT on the built jar.

ARG BUILD_IMAGE=eclipse-temurin:17-jdk
ARG RUNTIME_IMAGE=eclipse-temurin:17-jre

FROM ${BUILD_IMAGE} AS build
WORKDIR /workspace
# mvnw runs the Maven on PATH and installs the distribution's maven package where there is none
COPY mvnw pom.xml ./
COPY src ./src
RUN ./mvnw -B -q -DskipTests package \
 && cp target/ringmap-*.jar application.jar
RUN java -Djarmode=tools -jar application.jar extract --layers --launcher --destination extracted

FROM ${RUNTIME_IMAGE}
WORKDIR /application
# least to most often changed, as listed by `java -Djarmode=tools -jar application.jar list-layers`
COPY --from=build /workspace/extracted/dependencies/ ./
COPY --from=build /workspace/extracted/spring-boot-loader/ ./
COPY --from=build /workspace/extracted/snapshot-dependencies/ ./
COPY --from=build /workspace/extracted/application/ ./
USER 10001:10001
EXPOSE 8080 8081
ENV JAVA_TOOL_OPTIONS="-XX:MaxRAMPercentage=75 -XX:+ExitOnOutOfMemoryError"
ENTRYPOINT ["java", "-Djava.io.tmpdir=/tmp", "org.springframework.boot.loader.launch.JarLauncher"]
