package io.ringmap.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.testsupport.Polling;
import io.ringmap.testsupport.Ports;
import io.ringmap.testsupport.SystemTool;
import io.ringmap.testsupport.TestHttp;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;

/**
 * A real Prometheus server ({@code prometheus} on the PATH, see {@link SystemTool}) for the end-to-end tests: on a free
 * loopback port, scraping and evaluating every second, its data under {@code target/<name>/<pid>}; {@link #close()}
 * stops this one process.
 */
final class PrometheusServer implements AutoCloseable {

    private final Process process;
    private final String url;

    private PrometheusServer(Process process, String url) {
        this.process = process;
        this.url = url;
    }

    /**
     * Starts Prometheus and waits until it is ready.
     *
     * @param scrapeConfigs the entries of {@code scrape_configs}, as YAML list items indented by two spaces
     */
    static PrometheusServer start(String name, String scrapeConfigs) throws IOException {
        Path binary = SystemTool.PROMETHEUS.require();
        Path dir = Files.createDirectories(
                Path.of("target", name, String.valueOf(ProcessHandle.current().pid())));
        Files.writeString(dir.resolve("prometheus.yml"), """
                global:
                  scrape_interval: 1s
                  evaluation_interval: 1s
                scrape_configs:
                """ + scrapeConfigs);
        int port = Ports.free();
        Process process = new ProcessBuilder(
                        binary.toString(),
                        "--config.file=" + dir.resolve("prometheus.yml"),
                        "--storage.tsdb.path=" + dir.resolve("data"),
                        "--web.listen-address=127.0.0.1:" + port,
                        "--log.level=warn")
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("prometheus.log").toFile())
                .start();
        PrometheusServer server = new PrometheusServer(process, "http://127.0.0.1:" + port);
        Polling.until("prometheus ready", Duration.ofSeconds(30), Duration.ofMillis(200), () -> {
            if (!process.isAlive()) {
                throw new AssertionError("prometheus exited with " + process.exitValue() + ":\n"
                        + Files.readString(dir.resolve("prometheus.log")));
            }
            try {
                return new TestHttp(server.url).get("/-/ready").status() == 200;
            } catch (IllegalStateException notListeningYet) {
                return false;
            }
        });
        return server;
    }

    /** The result of an instant query (asserted to succeed). */
    JsonNode query(String promql) {
        TestHttp.Response r = new TestHttp(url).get("/api/v1/query?query=" + TestHttp.encode(promql));
        assertThat(r.status()).as("%s: %s", promql, r.body()).isEqualTo(200);
        JsonNode answer = r.json();
        assertThat(answer.path("status").asString()).isEqualTo("success");
        return answer.path("data").path("result");
    }

    long pid() {
        return process.pid();
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy(); // this child only, by its own handle
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
