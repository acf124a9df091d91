package io.ringmap.peers;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.RingmapApplication;
import io.ringmap.app.HttpSupport;
import io.ringmap.testsupport.Ports;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Two instances in mode api-key: each presents its peer credential (an API key with the management scope) and merges
 * the other's counts; the peer endpoint refuses a caller without that scope.
 */
class AuthenticatedPeersTest {

    private static final String PEER_KEY = "peer-key-5b1e0c7d9a24";
    private static final String READER_KEY = "reader-key-8c3f2a6e1d07";
    private static final List<ConfigurableApplicationContext> instances = new ArrayList<>();
    private static final List<Integer> managementPorts = new ArrayList<>();

    @BeforeAll
    static void startTwoInstances() throws IOException {
        for (int i = 0; i < 2; i++) {
            managementPorts.add(Ports.free());
        }
        String peers = "127.0.0.1:" + managementPorts.get(0) + ",127.0.0.1:" + managementPorts.get(1);
        for (int port : managementPorts) {
            instances.add(new SpringApplicationBuilder(RingmapApplication.class).run("--server.port=0",
                    "--management.server.port=" + port, "--ringmap.peers.static=" + peers,
                    "--ringmap.peers.timeout=2s", "--ringmap.peers.credential=" + PEER_KEY,
                    "--ringmap.security.mode=api-key", "--ringmap.hotkeys.export-key=hash",
                    "--ringmap.hotkeys.salt=peers-test-salt", "--ringmap.hotkeys.show-clear-keys=true",
                    "--ringmap.security.api-keys.peer.key=" + PEER_KEY,
                    "--ringmap.security.api-keys.peer.scopes=ringmap:read,ringmap:hits,ringmap:manage",
                    "--ringmap.security.api-keys.reader.key=" + READER_KEY,
                    "--ringmap.security.api-keys.reader.scopes=ringmap:read"));
        }
    }

    @AfterAll
    static void stopAll() {
        instances.forEach(ConfigurableApplicationContext::close);
    }

    @Test
    void eachInstanceMergesTheOthersCountsWithItsCredential() {
        // given one hit on each instance
        for (ConfigurableApplicationContext instance : instances) {
            HttpResponse<String> posted = HttpSupport.send(HttpRequest.newBuilder(URI.create(api(instance, "/hits")))
                    .header("Content-Type", "application/json").header("X-API-Key", PEER_KEY)
                    .POST(HttpRequest.BodyPublishers.ofString("{\"keyspace\":\"iot\",\"table\":\"readings\",\"hits\":"
                            + "[{\"key\":{\"sensor_id\":\"s-1\",\"day\":\"2026-10-01\"},\"count\":5}]}")).build());
            assertThat(posted.statusCode()).as(posted.body()).isEqualTo(200);
        }

        // when a reader asks the first instance
        HttpResponse<String> answer = HttpSupport.send(HttpRequest.newBuilder(URI.create(api(instances.get(0),
                "/hotkeys?keyspace=iot&table=readings"))).header("X-API-Key", READER_KEY).build());

        // then
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        JsonNode body = JsonMapper.builder().build().readTree(answer.body());
        assertThat(body.get("peers").get("missing")).as(answer.body()).isEmpty();
        assertThat(body.get("peers").get("contributed").get(0).asString())
                .isEqualTo("127.0.0.1:" + managementPorts.get(1));
        assertThat(body.get("tables").get(0).get("keys").get(0).get("estimate").asLong()).isEqualTo(10);
    }

    @Test
    void thePeerEndpointNeedsTheManagementScope() {
        String peer = "http://127.0.0.1:" + managementPorts.get(0) + "/actuator/peer";

        HttpResponse<String> anonymous = HttpSupport.get(peer);
        HttpResponse<String> reader = HttpSupport.send(HttpRequest.newBuilder(URI.create(peer))
                .header("X-API-Key", READER_KEY).build());
        HttpResponse<String> withScope = HttpSupport.send(HttpRequest.newBuilder(URI.create(peer))
                .header("X-API-Key", PEER_KEY).build());

        assertThat(anonymous.statusCode()).isEqualTo(401);
        assertThat(reader.statusCode()).isEqualTo(403);
        assertThat(withScope.statusCode()).as(withScope.body()).isEqualTo(200);
    }

    private static String api(ConfigurableApplicationContext instance, String path) {
        return "http://127.0.0.1:" + instance.getEnvironment().getProperty("local.server.port") + path;
    }
}
