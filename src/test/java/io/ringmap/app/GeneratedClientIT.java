package io.ringmap.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The Java client other services use, generated from the committed openapi.yaml (openapi-generator 7.25.0 in the
 * standalone build src/test/client/pom.xml), calls every operation of this service on the bundled sample:
 * RingmapClientTest there runs against the port this test starts. The main build never compiles generated code.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "management.server.port=0")
class GeneratedClientIT {

    private static final Path CLIENT_POM = Path.of("src", "test", "client", "pom.xml");

    @LocalServerPort
    int port;

    @Test
    void generatedClientCallsEveryOperation() throws Exception {
        Path log = Files.createDirectories(Path.of("target", "client")).resolve("client-build.log");
        long started = System.nanoTime();
        Process build = new ProcessBuilder(List.of(Path.of("mvnw").toAbsolutePath().toString(), "-B", "-f",
                CLIENT_POM.toAbsolutePath().toString(), "verify", "-Dringmap.url=http://127.0.0.1:" + port))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        build.getOutputStream().close();

        boolean finished = build.waitFor(10, TimeUnit.MINUTES);
        if (!finished) {
            build.destroyForcibly(); // this child only
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        System.out.printf("generated client: generate, compile and test took %.1f s%n",
                (System.nanoTime() - started) / 1e9);

        assertThat(finished).as("client build finished").isTrue();
        assertThat(build.exitValue()).as(output).isZero();
        assertThat(output).contains("Tests run: 5, Failures: 0, Errors: 0, Skipped: 0");
    }
}
