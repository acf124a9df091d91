package io.ringmap.packaging;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.testcluster.TimeBudget;
import io.ringmap.testsupport.AppProcess;
import io.ringmap.testsupport.Ports;
import io.ringmap.testsupport.TestHttp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.util.FileSystemUtils;

/**
 * Replays the Dockerfile on the built jar without a container engine: the same `jarmode=tools extract` command, the
 * layers copied into one directory in the Dockerfile's COPY order, the class data sharing training run, and the
 * service started from there with the Dockerfile's ENTRYPOINT (and the archive) and JAVA_TOOL_OPTIONS, answering its
 * probes on the management port. It reads the
 * ConfigMap the Helm chart renders for the pod (application.yaml and a static topology.yaml), found the way the
 * chart's Deployment points Spring at it.
 */
@TimeBudget(seconds = 115)
class ExtractedLayoutIT {

    private static final Duration STARTUP = Duration.ofSeconds(120);

    @Test
    void serviceStartsFromTheDockerfileLayoutAndAnswersItsProbes(@TempDir Path work) throws Exception {
        // given the Dockerfile's build and runtime stages
        Dockerfile dockerfile = Dockerfile.parse(Path.of("Dockerfile"));
        Dockerfile.Stage build = dockerfile.stage("build");
        Dockerfile.Stage runtime = dockerfile.finalStage();
        Path jar = AppProcess.packagedJar();

        // when the build stage's extraction runs on the built jar
        List<String> extraction = extractionCommand(build);
        Path builder = Files.createDirectories(work.resolve("builder"));
        Files.copy(jar, builder.resolve(jarNameIn(extraction)));
        String destination = extraction.get(extraction.indexOf("--destination") + 1);
        run(builder, javaCommand(extraction), Duration.ofSeconds(60));

        // then the runtime stage copies every layer the jar lists, in the jar's order
        List<String> sources = build.name() == null ? List.of() : runtime.copiesFrom(build.name());
        List<String> layers = new ArrayList<>();
        for (String source : sources) {
            String relative =
                    source.replaceFirst("^" + build.workdir() + "/", "").replaceFirst("/$", "");
            assertThat(relative).startsWith(destination + "/");
            layers.add(relative.substring(destination.length() + 1));
        }
        List<String> listed = run(
                        builder,
                        javaCommand(List.of("java", "-Djarmode=tools", "-jar", jarNameIn(extraction), "list-layers")),
                        Duration.ofSeconds(60))
                .lines()
                .map(String::strip)
                .filter(l -> !l.isEmpty())
                .toList();
        assertThat(layers)
                .containsExactlyElementsOf(listed)
                .containsExactly("dependencies", "spring-boot-loader", "snapshot-dependencies", "application");

        // when the layers are copied into the runtime WORKDIR, in order
        Path application = Files.createDirectories(work.resolve("application"));
        for (String layer : layers) {
            Path layerDir = builder.resolve(destination).resolve(layer);
            if (Files.isDirectory(layerDir)) { // Docker copies an empty layer as nothing
                FileSystemUtils.copyRecursively(layerDir, application);
            }
        }
        assertThat(application.resolve("application.jar")).exists();
        assertThat(application.resolve("lib")).isDirectory();

        // when the runtime stage's class-data-sharing training run runs there (it starts the context and exits)
        List<String> training = trainingRun(runtime);
        String archive = training.stream()
                .filter(w -> w.startsWith("-XX:ArchiveClassesAtExit="))
                .map(w -> w.substring(w.indexOf('=') + 1))
                .findFirst()
                .orElseThrow();
        long trainingStart = System.nanoTime();
        run(application, javaCommand(training), Duration.ofSeconds(180), runtime.env());
        System.out.printf(
                "CDS training run took %.1f s, archive %d MB%n",
                (System.nanoTime() - trainingStart) / 1e9, Files.size(application.resolve(archive)) >> 20);

        // and the ENTRYPOINT starts there with that archive, in a separate JVM on free ports
        List<String> entrypoint = runtime.entrypoint();
        assertThat(entrypoint).contains("-XX:SharedArchiveFile=" + archive).containsSequence("-jar", "application.jar");
        int port = Ports.free();
        int managementPort = Ports.free();
        List<String> command = new ArrayList<>(javaCommand(entrypoint));
        command.add("--server.port=" + port);
        command.add("--management.server.port=" + managementPort);
        ProcessBuilder builderProcess = new ProcessBuilder(command).directory(application.toFile());
        builderProcess.environment().putAll(runtime.env());
        String marker = chartConfigMountedAt(work.resolve("config"), builderProcess);
        assertThat(runtime.env().get("JAVA_TOOL_OPTIONS")).contains("-XX:MaxRAMPercentage=75");
        AppProcess service = AppProcess.start(builderProcess, work.resolve("service.log"));
        long pid = service.pid();
        try {
            // then it becomes ready and live on the management port
            String management = "http://127.0.0.1:" + managementPort;
            service.awaitStatus(management, "/readyz", 200, STARTUP);
            assertThat(AppProcess.status(management, "/livez")).isEqualTo(200);
            assertThat(AppProcess.status(management, "/actuator/prometheus")).isEqualTo(200);
            TestHttp.Response answer = new TestHttp(port).get("/ring");
            assertThat(answer.status()).isEqualTo(200);
            assertThat(answer.body())
                    .as("the ring comes from the chart's ConfigMap")
                    .contains("\"name\":\"" + marker + "\"")
                    .contains("file:"
                            + work.resolve("config").resolve("topology.yaml").toAbsolutePath());
            assertThat(service.log())
                    .contains("Picked up JAVA_TOOL_OPTIONS: " + runtime.env().get("JAVA_TOOL_OPTIONS"))
                    .as("the JVM maps the training run's archive without complaint")
                    .doesNotContain("[cds]")
                    .doesNotContainIgnoringCase("shared archive");
        } finally {
            service.stop();
        }
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive))
                .as("service stopped")
                .isNotEqualTo(java.util.Optional.of(true));
    }

    /**
     * Renders the chart with its ConfigMap mounted at {@code configDir} (configMountPath) and a static topology with a
     * marker keyspace (config.topology.inline, from the bundled sample), writes every ConfigMap key there as
     * a file as the kubelet does, and gives the service the chart's SPRING_CONFIG_ADDITIONAL_LOCATION.
     */
    private static String chartConfigMountedAt(Path configDir, ProcessBuilder service) throws IOException {
        String marker = "helm_rendered_" + ProcessHandle.current().pid();
        Path topology =
                Files.createDirectories(configDir.resolveSibling("values")).resolve("topology.yaml");
        String sample = Files.readString(Path.of("src", "main", "resources", "topology", "default.yaml"));
        assertThat(sample).containsPattern("(?m)^  iot:$");
        Files.writeString(topology, sample.replaceFirst("(?m)^  iot:$", "  " + marker + ":"));
        String manifests = HelmChart.template()
                .set("configMountPath", configDir.toAbsolutePath().toString())
                .setFile("config.topology.inline", topology.toAbsolutePath())
                .call();
        var objects = HelmChart.objects(manifests);
        var configMap = HelmChart.findAll(objects, "ConfigMap").stream()
                .filter(c -> HelmChart.asMap(c.get("data")).containsKey("application.yaml"))
                .findFirst()
                .orElseThrow();
        Files.createDirectories(configDir);
        for (var file : HelmChart.asMap(configMap.get("data")).entrySet()) {
            Files.writeString(configDir.resolve(file.getKey()), (String) file.getValue());
        }
        assertThat(configDir.resolve("topology.yaml")).exists();
        var container =
                HelmChart.asMap(HelmChart.at(HelmChart.find(objects, "Deployment"), "spec.template.spec.containers.0"));
        String location = HelmChart.asList(container.get("env")).stream()
                .map(HelmChart::asMap)
                .filter(e -> "SPRING_CONFIG_ADDITIONAL_LOCATION".equals(e.get("name")))
                .map(e -> (String) e.get("value"))
                .findFirst()
                .orElseThrow();
        service.environment().put("SPRING_CONFIG_ADDITIONAL_LOCATION", location);
        return marker;
    }

    /** The `java -Djarmode=tools ... extract ...` RUN command of the build stage, as words. */
    private static List<String> extractionCommand(Dockerfile.Stage build) {
        for (Dockerfile.Instruction run : build.all("RUN")) {
            for (String command : run.arguments().split("&&")) {
                if (command.contains("-Djarmode=tools") && command.contains(" extract")) {
                    return Arrays.asList(command.strip().split("\\s+"));
                }
            }
        }
        throw new AssertionError("no jarmode=tools extract RUN in the build stage");
    }

    /** The runtime stage's `java -XX:ArchiveClassesAtExit=...` RUN command, as words. */
    private static List<String> trainingRun(Dockerfile.Stage runtime) {
        for (Dockerfile.Instruction run : runtime.all("RUN")) {
            if (run.arguments().contains("-XX:ArchiveClassesAtExit=")) {
                assertThat(run.arguments()).contains("-Dspring.context.exit=onRefresh");
                return Arrays.asList(run.arguments().strip().split("\\s+"));
            }
        }
        throw new AssertionError("no class data sharing training run (-XX:ArchiveClassesAtExit) in the runtime stage");
    }

    private static String jarNameIn(List<String> javaCommand) {
        return javaCommand.get(javaCommand.indexOf("-jar") + 1);
    }

    /** The Dockerfile's `java ...` words with `java` resolved to the JVM running this test (a Java 17). */
    private static List<String> javaCommand(List<String> words) {
        assertThat(words.get(0)).isEqualTo("java");
        List<String> command = new ArrayList<>(words);
        command.set(0, Path.of(System.getProperty("java.home"), "bin", "java").toString());
        return command;
    }

    private static String run(Path dir, List<String> command, Duration timeout) throws Exception {
        return run(dir, command, timeout, java.util.Map.of());
    }

    private static String run(Path dir, List<String> command, Duration timeout, java.util.Map<String, String> env)
            throws Exception {
        ProcessBuilder builder =
                new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        builder.environment().putAll(env);
        Process process = builder.start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS))
                .as("%s finished", command)
                .isTrue();
        assertThat(process.exitValue()).as("%s: %s", command, output).isZero();
        return output;
    }
}
