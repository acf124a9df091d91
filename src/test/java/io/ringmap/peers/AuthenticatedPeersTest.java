package io.ringmap.peers;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.RingmapApplication;
import io.ringmap.peers.client.PeerClient;
import io.ringmap.peers.client.PeerServers;
import io.ringmap.peers.web.PeerPart;
import io.ringmap.testcluster.TestCertificates;
import io.ringmap.testsupport.Ports;
import io.ringmap.testsupport.TestHttp;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Two instances in mode api-key whose management ports speak only TLS, with a certificate of a self-signed authority
 * made by the test that names {@code localhost} and no address: each asks the other at {@code https://127.0.0.1:port}
 * (the certificate must name {@code ringmap.peers.tls.server-name}), signs with the deployment's peer secret, and
 * merges the other's counts. The peer endpoint answers signed requests only, once each: no caller credential, whatever
 * its scope, opens it.
 */
class AuthenticatedPeersTest {

    private static final String WRITER_KEY = "writer-key-5b1e0c7d9a24";
    private static final String READER_KEY = "reader-key-8c3f2a6e1d07";
    private static final String MANAGER_KEY = "manager-key-2d7e9f1a3c55";
    private static final String PASSWORD = "changeit";
    private static final List<ConfigurableApplicationContext> instances = new ArrayList<>();
    private static final List<Integer> managementPorts = new ArrayList<>();
    private static HttpClient tls;

    @BeforeAll
    static void startTwoInstances() throws IOException {
        Path dir = Files.createTempDirectory("peers-tls");
        TestCertificates.Issued ca = TestCertificates.authority("ringmap peers test CA");
        Path keystore = TestCertificates.issue(ca, "ringmap").writeKeystore(dir.resolve("peer.p12"), PASSWORD);
        Path truststore = TestCertificates.writeTruststore(dir.resolve("trust.p12"), PASSWORD, ca);
        tls = HttpClient.newBuilder()
                .sslContext(TestCertificates.sslContext(null, truststore, PASSWORD))
                .build();
        for (int i = 0; i < 2; i++) {
            managementPorts.add(Ports.free());
        }
        String peers = "127.0.0.1:" + managementPorts.get(0) + ",127.0.0.1:" + managementPorts.get(1);
        for (int port : managementPorts) {
            instances.add(new SpringApplicationBuilder(RingmapApplication.class)
                    .run(
                            "--server.port=0",
                            "--management.server.port=" + port,
                            "--ringmap.peers.static=" + peers,
                            "--ringmap.peers.timeout=5s",
                            "--ringmap.peers.secret=" + PeerServers.SECRET,
                            "--spring.ssl.bundle.jks.peers.keystore.location=file:" + keystore,
                            "--spring.ssl.bundle.jks.peers.keystore.password=" + PASSWORD,
                            "--spring.ssl.bundle.jks.peers.keystore.type=PKCS12",
                            "--spring.ssl.bundle.jks.peers.truststore.location=file:" + truststore,
                            "--spring.ssl.bundle.jks.peers.truststore.password=" + PASSWORD,
                            "--spring.ssl.bundle.jks.peers.truststore.type=PKCS12",
                            "--management.server.ssl.bundle=peers",
                            "--ringmap.peers.tls.bundle=peers",
                            "--ringmap.peers.tls.server-name=localhost",
                            "--ringmap.security.mode=api-key",
                            "--ringmap.hotkeys.export-key=hash",
                            "--ringmap.hotkeys.salt=peers-test-salt",
                            "--ringmap.hotkeys.show-clear-keys=true",
                            "--ringmap.security.api-keys.writer.key=" + WRITER_KEY,
                            "--ringmap.security.api-keys.writer.scopes=ringmap:read,ringmap:hits",
                            "--ringmap.security.api-keys.manager.key=" + MANAGER_KEY,
                            "--ringmap.security.api-keys.manager.scopes=ringmap:read,ringmap:manage",
                            "--ringmap.security.api-keys.reader.key=" + READER_KEY,
                            "--ringmap.security.api-keys.reader.scopes=ringmap:read"));
        }
    }

    @AfterAll
    static void stopAll() {
        instances.forEach(ConfigurableApplicationContext::close);
    }

    @Test
    void eachInstanceMergesTheOthersCountsOverTls() {
        // given one hit on each instance
        for (ConfigurableApplicationContext instance : instances) {
            HttpResponse<String> posted = TestHttp.send(HttpRequest.newBuilder(URI.create(api(instance, "/hits")))
                    .header("Content-Type", "application/json")
                    .header("X-API-Key", WRITER_KEY)
                    .POST(HttpRequest.BodyPublishers.ofString("{\"keyspace\":\"iot\",\"table\":\"readings\",\"hits\":"
                            + "[{\"key\":{\"sensor_id\":\"s-1\",\"day\":\"2026-10-01\"},\"count\":5}]}"))
                    .build());
            assertThat(posted.statusCode()).as(posted.body()).isEqualTo(200);
        }

        // when a reader asks the first instance
        HttpResponse<String> answer = TestHttp.send(
                HttpRequest.newBuilder(URI.create(api(instances.get(0), "/hotkeys?keyspace=iot&table=readings")))
                        .header("X-API-Key", READER_KEY)
                        .build());

        // then
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        JsonNode body = JsonMapper.builder().build().readTree(answer.body());
        assertThat(body.get("peers").get("missing")).as(answer.body()).isEmpty();
        assertThat(body.get("peers").get("contributed").get(0).asString())
                .isEqualTo("127.0.0.1:" + managementPorts.get(1));
        assertThat(body.get("tables").get(0).get("keys").get(0).get("estimate").asLong())
                .isEqualTo(10);
    }

    @Test
    void thePeerEndpointAnswersSignedRequestsOnlyNotACallersScope() throws Exception {
        String target = PeerClient.target(PeerPart.ROOT, "replicasOnly", "true");

        HttpResponse<String> anonymous = peer(target, Map.of());
        HttpResponse<String> manager = peer(target, Map.of("X-API-Key", MANAGER_KEY));
        HttpResponse<String> outsider = peer(
                target,
                new PeerSigner(
                                "another-deployment-secret-0123456789ab",
                                InstanceId.random(),
                                Duration.ofSeconds(30),
                                Clock.systemUTC())
                        .signRequest("GET", target));

        for (HttpResponse<String> refused : List.of(anonymous, manager, outsider)) {
            assertThat(refused.statusCode()).as(refused.body()).isEqualTo(401);
            assertThat(refused.headers().firstValue("Content-Type").orElseThrow())
                    .startsWith("application/problem+json");
        }
        assertThat(anonymous.body()).contains("the request is not signed");
        assertThat(manager.body()).contains("the request is not signed");
        assertThat(outsider.body()).contains("the request's signature does not match");
    }

    @Test
    void aSignedRequestIsAnsweredOnceWithASignedAnswer() throws Exception {
        String target = PeerClient.target(PeerPart.ROOT, "replicasOnly", "true");
        PeerSigner signer = PeerServers.signer(InstanceId.random());
        Map<String, String> signed = signer.signRequest("GET", target);

        HttpResponse<String> first = peer(target, signed);
        HttpResponse<String> replayed = peer(target, signed);

        assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
        String instance = first.headers().firstValue(PeerSigner.INSTANCE).orElseThrow();
        Mac mac = signer.answerMac(signed.get(PeerSigner.NONCE), instance, 200);
        mac.update(first.body().getBytes(StandardCharsets.UTF_8));
        assertThat(PeerSigner.matches(
                        mac, first.headers().firstValue(PeerSigner.SIGNATURE).orElseThrow()))
                .isTrue();
        assertThat(JsonMapper.builder()
                        .build()
                        .readTree(first.body())
                        .get("instance")
                        .asString())
                .isEqualTo(instance);
        assertThat(replayed.statusCode()).isEqualTo(401);
        assertThat(replayed.body()).contains("already answered (a replayed nonce)");
    }

    /** A request to the first instance's peer endpoint, over TLS. */
    private static HttpResponse<String> peer(String target, Map<String, String> headers) throws Exception {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(URI.create("https://localhost:" + managementPorts.get(0) + target));
        headers.forEach(request::header);
        return tls.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String api(ConfigurableApplicationContext instance, String path) {
        return "http://127.0.0.1:" + instance.getEnvironment().getProperty("local.server.port") + path;
    }
}
