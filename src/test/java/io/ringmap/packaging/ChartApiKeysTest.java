package io.ringmap.packaging;

import static io.ringmap.packaging.HelmChart.asMap;
import static io.ringmap.packaging.HelmChart.at;
import static io.ringmap.packaging.HelmChart.find;
import static io.ringmap.packaging.HelmChart.findAll;
import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.RingmapApplication;
import io.ringmap.testsupport.TestHttp;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The chart's {@code security.mode: api-key} as the pod runs it: the rendered application.yaml and the API keys
 * Secret's items as files (what the kubelet mounts), read by the real service through the chart's
 * SPRING_CONFIG_ADDITIONAL_LOCATION; a key from the Secret is let in, a call without one is refused.
 */
@ResourceLock(HelmChart.LOCK)
class ChartApiKeysTest {

    private static final String KEY = "chart-key-3f9a61c0b2d8";

    @Test
    void theServiceReadsTheKeysFromTheMountedSecret(@TempDir Path dir) throws Exception {
        // given the Secret's items as the kubelet writes them (one file per item, its value without a newline)
        Path keys = Files.createDirectories(dir.resolve("api-keys"));
        Files.writeString(keys.resolve("ringmap.security.api-keys.relay.key"), KEY);
        Files.writeString(keys.resolve("ringmap.security.api-keys.relay.scopes"), "ringmap:read,ringmap:hits");
        Path configDir = Files.createDirectories(dir.resolve("config"));
        List<Map<String, Object>> objects = HelmChart.objects(HelmChart.template()
                .set("security.mode", "api-key")
                .set("security.apiKeys.existingSecret", "ringmap-api-keys")
                .set("config.hotkeys.salt.existingSecret", "ringmap-hotkeys-salt")
                .set("security.apiKeys.mountPath", keys.toAbsolutePath().toString())
                .set("configMountPath", configDir.toAbsolutePath().toString())
                .call());
        Map<String, Object> data = asMap(at(
                findAll(objects, "ConfigMap").stream()
                        .filter(c -> asMap(at(c, "data")).containsKey("application.yaml"))
                        .findFirst()
                        .orElseThrow(),
                "data"));
        Files.writeString(configDir.resolve("application.yaml"), (String) data.get("application.yaml"));
        String additionalLocation =
                HelmChart.asList(at(find(objects, "Deployment"), "spec.template.spec.containers.0.env")).stream()
                        .map(HelmChart::asMap)
                        .filter(e -> "SPRING_CONFIG_ADDITIONAL_LOCATION".equals(e.get("name")))
                        .map(e -> (String) e.get("value"))
                        .findFirst()
                        .orElseThrow();

        // the salt of hashed export (the default of this mode), which the pod gets from the Secret as an environment
        assertThat(HelmChart.asList(at(find(objects, "Deployment"), "spec.template.spec.containers.0.env")).stream()
                        .map(HelmChart::asMap)
                        .filter(e -> "RINGMAP_HOTKEYS_SALT".equals(e.get("name")))
                        .findFirst()
                        .orElseThrow())
                .extracting(e -> at(e, "valueFrom.secretKeyRef.name"))
                .isEqualTo("ringmap-hotkeys-salt");

        // when the service starts as the pod starts it
        try (ConfigurableApplicationContext service = new SpringApplicationBuilder(RingmapApplication.class)
                .run(
                        "--server.port=0",
                        "--management.server.port=0",
                        "--spring.config.additional-location=" + additionalLocation,
                        "--ringmap.hotkeys.salt=chart-test-salt")) {
            int port = Integer.parseInt(service.getEnvironment().getProperty("local.server.port"));
            URI ring = URI.create("http://127.0.0.1:" + port + "/ring?keyspace=iot");

            // then
            HttpResponse<String> anonymous =
                    TestHttp.send(HttpRequest.newBuilder(ring).build());
            HttpResponse<String> withKey = TestHttp.send(
                    HttpRequest.newBuilder(ring).header("X-API-Key", KEY).build());
            assertThat(anonymous.statusCode()).as(anonymous.body()).isEqualTo(401);
            assertThat(withKey.statusCode()).as(withKey.body()).isEqualTo(200);
        }
    }
}
