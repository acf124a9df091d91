package io.ringmap.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.testcluster.TimeBudget;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.servlet.HandlerMapping;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The Java client other services use, generated from the committed openapi.yaml (openapi-generator 7.25.0 in the
 * standalone build src/test/client/pom.xml), calls every operation of this service on the bundled sample:
 * RingmapClientTest there runs against the port this test starts. The main build never compiles generated code.
 * <p>
 * Which operations the client called is not taken on trust: this context records the route of every request it
 * serves, and every operation of openapi.yaml must have been called, except the curl forms marked
 * {@code x-internal} (generators skip them), each of which must have a POST twin that was called.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "management.server.port=0")
@TimeBudget(seconds = 65)
class GeneratedClientIT {

    private static final Path CLIENT_POM = Path.of("src", "test", "client", "pom.xml");

    /** "METHOD /path pattern" -> statuses answered, for every request this context served. */
    static final Map<String, Set<Integer>> SERVED = new ConcurrentHashMap<>();

    /** The curl forms of single-key operations and the operation generated clients call instead. */
    private static final Map<String, String> CURL_FORMS = Map.of(
            "GET /token", "POST /token/key",
            "GET /plan/shards", "POST /plan/shards");

    @TestConfiguration
    static class RecordRoutes {
        @Bean
        FilterRegistrationBean<OncePerRequestFilter> routeRecorder() {
            var filter = new OncePerRequestFilter() {
                @Override
                protected void doFilterInternal(
                        HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                        throws ServletException, IOException {
                    try {
                        chain.doFilter(request, response);
                    } finally {
                        Object pattern = request.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE);
                        if (pattern != null) {
                            SERVED.computeIfAbsent(
                                            request.getMethod() + " " + pattern, k -> ConcurrentHashMap.newKeySet())
                                    .add(response.getStatus());
                        }
                    }
                }
            };
            FilterRegistrationBean<OncePerRequestFilter> registration = new FilterRegistrationBean<>(filter);
            // around every other filter, the single-key filter (which answers GET /replicas itself) included
            registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
            return registration;
        }
    }

    @LocalServerPort
    int port;

    @Test
    void generatedClientCallsEveryOperation() throws Exception {
        Path log = Files.createDirectories(Path.of("target", "client")).resolve("client-build.log");
        long started = System.nanoTime();
        Process build = new ProcessBuilder(List.of(
                        Path.of("mvnw").toAbsolutePath().toString(),
                        "-B",
                        "-f",
                        CLIENT_POM.toAbsolutePath().toString(),
                        "verify",
                        "-Dringmap.url=http://127.0.0.1:" + port))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        build.getOutputStream().close();

        boolean finished = build.waitFor(10, TimeUnit.MINUTES);
        if (!finished) {
            build.destroyForcibly(); // this child only
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        System.out.printf(
                "generated client: generate, compile and test took %.1f s%n", (System.nanoTime() - started) / 1e9);

        assertThat(finished).as("client build finished").isTrue();
        assertThat(build.exitValue()).as(output).isZero();
        assertThat(output).contains("Tests run: 12, Failures: 0, Errors: 0, Skipped: 0");

        Map<String, Boolean> operations = documentOperations();
        Set<String> generated = new TreeSet<>();
        Set<String> internal = new TreeSet<>();
        operations.forEach((op, isInternal) -> (isInternal ? internal : generated).add(op));
        System.out.printf(
                "generated client: %d operations in openapi.yaml, %d generated and called, curl forms %s;"
                        + " served %s%n",
                operations.size(), generated.size(), internal, new TreeMap<>(SERVED));
        assertThat(SERVED.keySet())
                .as("operations of openapi.yaml the generated client never called")
                .containsAll(generated);
        assertThat(internal).as("x-internal (curl-only) operations").isEqualTo(CURL_FORMS.keySet());
        CURL_FORMS.forEach((curl, twin) ->
                assertThat(generated).as("the generated form of " + curl).contains(twin));
    }

    /** "METHOD /path" of every operation of the committed document, and whether it is marked x-internal. */
    @SuppressWarnings("unchecked")
    static Map<String, Boolean> documentOperations() throws IOException {
        Map<String, Object> document = new Yaml(new SafeConstructor(new LoaderOptions()))
                .load(Files.readString(Path.of("openapi.yaml"), StandardCharsets.UTF_8));
        Map<String, Boolean> operations = new TreeMap<>();
        ((Map<String, Map<String, Map<String, Object>>>) document.get("paths"))
                .forEach((path, methods) -> methods.forEach((method, operation) -> operations.put(
                        method.toUpperCase() + " " + path, Boolean.TRUE.equals(operation.get("x-internal")))));
        return operations;
    }
}
