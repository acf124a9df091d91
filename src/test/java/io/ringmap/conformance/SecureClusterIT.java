package io.ringmap.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.RingmapApplication;
import io.ringmap.testcluster.CassandraClusterExtension;
import io.ringmap.testcluster.CassandraPartitioner;
import io.ringmap.testcluster.ClientAccess;
import io.ringmap.testcluster.ClusterLocks;
import io.ringmap.testcluster.ClusterSpec;
import io.ringmap.testcluster.NodeSpec;
import io.ringmap.testcluster.TestCertificates;
import io.ringmap.testcluster.TestCertificates.Issued;
import io.ringmap.testcluster.TimeBudget;
import io.ringmap.testsupport.ClassOutput;
import io.ringmap.testsupport.Polling;
import io.ringmap.testsupport.TestHttp;
import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Predicate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * ringmap against real Cassandra nodes with TLS on the CQL port ({@code client_encryption_options}) and
 * {@code PasswordAuthenticator}, certificates generated here with BouncyCastle: Spring Boot's SSL bundle and
 * {@code spring.cassandra.username/password} connect and serve, mutual TLS too; a wrong password, an untrusted node
 * certificate and an expired client certificate leave the service not ready with the reason in health; no
 * password or store secret appears in any log line or response.
 */
// reads its own log from the standard output captured beside other classes (only what names its own cluster or secrets)
@ExtendWith(ClassOutput.class)
@ResourceLock(providers = ClusterLocks.class)
@TimeBudget(seconds = 145)
class SecureClusterIT {

    static final Path PKI = Path.of("target", "secure-cluster-pki").toAbsolutePath();
    static final String STORE_PASSWORD = "store-" + secret();
    static final String ROLE_PASSWORD = "role-" + secret();

    static final Path NODE_KEYSTORE;
    static final Path TRUSTSTORE;
    static final Path CLIENT_KEYSTORE;
    static final Path EXPIRED_CLIENT_KEYSTORE;
    static final Path STRANGER_TRUSTSTORE;
    /** The same CA and client identity as PEM files (Spring Boot's {@code spring.ssl.bundle.pem.*}). */
    static final Path CA_PEM;

    static final Path CLIENT_CERTIFICATE_PEM;
    static final Path CLIENT_KEY_PEM;
    /** A line of the client's private key (base64), which must never appear in a log or a response either. */
    static final String CLIENT_KEY_LINE;

    static {
        Issued ca = TestCertificates.authority("ringmap test CA");
        Instant now = Instant.now();
        NODE_KEYSTORE = TestCertificates.issue(ca, "cassandra-node", "127.0.0.80", "127.0.0.81")
                .writeKeystore(PKI.resolve("node.p12"), STORE_PASSWORD);
        TRUSTSTORE = TestCertificates.writeTruststore(PKI.resolve("ca.p12"), STORE_PASSWORD, ca);
        Issued client = TestCertificates.issue(ca, "ringmap");
        CLIENT_KEYSTORE = client.writeKeystore(PKI.resolve("client.p12"), STORE_PASSWORD);
        CA_PEM = TestCertificates.writePemCertificates(PKI.resolve("ca.pem"), ca);
        CLIENT_CERTIFICATE_PEM = PKI.resolve("client.crt").toAbsolutePath();
        CLIENT_KEY_PEM = PKI.resolve("client.key").toAbsolutePath();
        client.writePem(CLIENT_CERTIFICATE_PEM, CLIENT_KEY_PEM);
        try {
            CLIENT_KEY_LINE = java.nio.file.Files.readAllLines(CLIENT_KEY_PEM).get(2);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        EXPIRED_CLIENT_KEYSTORE = TestCertificates.issue(
                        ca, "ringmap-expired", now.minus(Duration.ofDays(30)), now.minus(Duration.ofDays(1)))
                .writeKeystore(PKI.resolve("client-expired.p12"), STORE_PASSWORD);
        STRANGER_TRUSTSTORE = TestCertificates.writeTruststore(
                PKI.resolve("stranger-ca.p12"), STORE_PASSWORD, TestCertificates.authority("some other CA"));
    }

    /** TLS without client certificates, and passwords. */
    static final ClusterSpec TLS = ClusterSpec.of(
                    "secure-tls",
                    CassandraPartitioner.MURMUR3,
                    List.of(NodeSpec.withTokens("127.0.0.81", "dc1", "rack1", "0")))
            .withHeap("256m", "384m")
            .withClientAccess(ClientAccess.tls(NODE_KEYSTORE, TRUSTSTORE, STORE_PASSWORD, false, true));

    /** Mutual TLS (a client certificate is required), and passwords. */
    static final ClusterSpec MTLS = ClusterSpec.of(
                    "secure-mtls",
                    CassandraPartitioner.MURMUR3,
                    List.of(NodeSpec.withTokens("127.0.0.80", "dc1", "rack1", "0")))
            .withHeap("256m", "384m")
            .withClientAccess(ClientAccess.tls(NODE_KEYSTORE, TRUSTSTORE, STORE_PASSWORD, true, true));

    @RegisterExtension
    static final CassandraClusterExtension TLS_NODE = CassandraClusterExtension.perClass(TLS);

    @RegisterExtension
    static final CassandraClusterExtension MTLS_NODE = CassandraClusterExtension.perClass(MTLS);

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final List<String> RESPONSES = new ArrayList<>();

    @BeforeAll
    static void createTheServiceRole() {
        for (CassandraClusterExtension node : List.of(TLS_NODE, MTLS_NODE)) {
            node.cluster()
                    .session()
                    .execute("CREATE ROLE IF NOT EXISTS ringmap WITH PASSWORD = '" + ROLE_PASSWORD
                            + "' AND LOGIN = true");
        }
    }

    @Test
    void tlsWithPasswordConnectsAndServes(CapturedOutput output) {
        try (Ringmap ringmap = Ringmap.start("127.0.0.81", "ringmap", ROLE_PASSWORD, TRUSTSTORE, null)) {
            JsonNode ready = ringmap.awaitReadiness(200, Duration.ofSeconds(60));
            assertThat(ready.get("status").asString()).isEqualTo("UP");
            assertServes(ringmap, "127.0.0.81");
        }
        assertNoSecretIn(output.getAll());
    }

    @Test
    void mutualTlsWithPasswordConnectsAndServes(CapturedOutput output) {
        try (Ringmap ringmap = Ringmap.start("127.0.0.80", "ringmap", ROLE_PASSWORD, TRUSTSTORE, CLIENT_KEYSTORE)) {
            ringmap.awaitReadiness(200, Duration.ofSeconds(60));
            assertServes(ringmap, "127.0.0.80");
        }
        assertNoSecretIn(output.getAll());
    }

    @Test
    void aPemBundleWithPasswordConnectsAndServes(CapturedOutput output) {
        try (Ringmap ringmap = Ringmap.start("127.0.0.81", "ringmap", ROLE_PASSWORD, Bundle.pem(CA_PEM, null, null))) {
            ringmap.awaitReadiness(200, Duration.ofSeconds(60));
            assertServes(ringmap, "127.0.0.81");
        }
        assertNoSecretIn(output.getAll());
    }

    @Test
    void mutualTlsWithAPemBundleConnectsAndServes(CapturedOutput output) {
        try (Ringmap ringmap = Ringmap.start(
                "127.0.0.80", "ringmap", ROLE_PASSWORD, Bundle.pem(CA_PEM, CLIENT_CERTIFICATE_PEM, CLIENT_KEY_PEM))) {
            ringmap.awaitReadiness(200, Duration.ofSeconds(60));
            assertServes(ringmap, "127.0.0.80");
        }
        assertNoSecretIn(output.getAll());
    }

    @Test
    void aWrongPasswordIsNotReadyWithTheReasonInHealth(CapturedOutput output) {
        try (Ringmap ringmap = Ringmap.start("127.0.0.81", "ringmap", "not-" + ROLE_PASSWORD, TRUSTSTORE, null)) {
            String cause = ringmap.awaitNotReadyCause(c -> c.contains("authentication failed"));
            assertThat(cause).contains("127.0.0.81:9042");
            assertThat(ringmap.get("/ring").status()).isEqualTo(503);
        }
        assertNoSecretIn(output.getAll());
    }

    @Test
    void anUntrustedNodeCertificateIsNotReadyWithTheReasonInHealth(CapturedOutput output) {
        try (Ringmap ringmap = Ringmap.start("127.0.0.81", "ringmap", ROLE_PASSWORD, STRANGER_TRUSTSTORE, null)) {
            String cause = ringmap.awaitNotReadyCause(c -> c.contains("TLS handshake failed"));
            assertThat(cause).contains("127.0.0.81:9042").containsIgnoringCase("certification path");
        }
        assertNoSecretIn(output.getAll());
    }

    @Test
    void anExpiredClientCertificateIsNotReadyWithTheReasonInHealth(CapturedOutput output) {
        try (Ringmap ringmap =
                Ringmap.start("127.0.0.80", "ringmap", ROLE_PASSWORD, TRUSTSTORE, EXPIRED_CLIENT_KEYSTORE)) {
            String cause = ringmap.awaitNotReadyCause(c -> c.contains("127.0.0.80:9042"));
            assertThat(cause).doesNotContain("authentication failed");
        }
        assertNoSecretIn(output.getAll());
    }

    /**
     * Mutual TLS over TLS 1.3 and 1.2 on the wire: the client certificate handshake, then an OPTIONS frame that the
     * node must answer with SUPPORTED. (With Cassandra's OpenSSL provider TLS 1.3 fails here; see
     * {@code JvmOptions.TLS_PROVIDER}.) ringmap's own sessions use the JDK's client defaults, so TLS 1.3.
     */
    @Test
    void mutualTlsSpeaksTls13AndTls12() throws IOException {
        for (String protocol : List.of("TLSv1.3", "TLSv1.2")) {
            SSLContext context = TestCertificates.sslContext(CLIENT_KEYSTORE, TRUSTSTORE, STORE_PASSWORD);
            try (SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket("127.0.0.80", 9042)) {
                socket.setEnabledProtocols(new String[] {protocol});
                socket.setSoTimeout(10_000);
                socket.startHandshake();
                assertThat(socket.getSession().getProtocol()).isEqualTo(protocol);
                // OPTIONS: protocol v4 request, stream 1, opcode 0x05, empty body
                socket.getOutputStream().write(new byte[] {0x04, 0, 0, 1, 0x05, 0, 0, 0, 0});
                socket.getOutputStream().flush();
                byte[] header = socket.getInputStream().readNBytes(9);
                assertThat(header).as("response header over %s", protocol).hasSize(9);
                assertThat(header[0]).as("v4 response").isEqualTo((byte) 0x84);
                assertThat(header[4]).as("SUPPORTED opcode over %s", protocol).isEqualTo((byte) 0x06);
            }
        }
    }

    @AfterAll
    static void noSecretInAnyResponse() {
        RESPONSES.forEach(SecureClusterIT::assertNoSecretIn);
    }

    static void assertServes(Ringmap ringmap, String node) {
        JsonNode ring = JSON.readTree(ringmap.get("/ring").body());
        assertThat(ring.get("nodes")
                        .valueStream()
                        .map(n -> n.get("address").asString())
                        .toList())
                .containsExactly(node);
        TestHttp.Response replicas = ringmap.get("/replicas?keyspace=system_auth&token=42");
        assertThat(replicas.status()).isEqualTo(200);
        assertThat(replicas.body()).contains("\"address\":\"" + node + "\"");
        assertThat(ringmap.get("/token?keyspace=system_auth&table=roles&role=ringmap")
                        .status())
                .isEqualTo(200);
    }

    static void assertNoSecretIn(String text) {
        assertThat(text)
                .doesNotContain(STORE_PASSWORD)
                .doesNotContain(ROLE_PASSWORD)
                .doesNotContain(CLIENT_KEY_LINE);
    }

    static String secret() {
        byte[] bytes = new byte[8];
        new SecureRandom().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /** One ringmap instance, started in this JVM with the given connection settings. */
    record Ringmap(ConfigurableApplicationContext context, int port, int managementPort, Instant started)
            implements AutoCloseable {

        static Ringmap start(String node, String username, String password, Path truststore, Path keystore) {
            return start(node, username, password, Bundle.jks(truststore, keystore));
        }

        static Ringmap start(String node, String username, String password, Bundle bundle) {
            List<String> args = new ArrayList<>(List.of(
                    "--server.port=0",
                    "--management.server.port=0",
                    "--spring.cassandra.contact-points=" + node + ":9042",
                    "--spring.cassandra.local-datacenter=dc1",
                    "--spring.cassandra.username=" + username,
                    "--spring.cassandra.password=" + password,
                    "--spring.cassandra.ssl.enabled=true",
                    "--spring.cassandra.ssl.bundle=cassandra",
                    "--ringmap.topology.cluster.reconnect-max-delay=2s",
                    // the test reads the ring's health details, which mode none shows nobody by default
                    "--management.endpoint.health.show-details=always"));
            args.addAll(bundle.args());
            Instant started = Instant.now();
            ConfigurableApplicationContext context =
                    new SpringApplicationBuilder(RingmapApplication.class).run(args.toArray(String[]::new));
            var env = context.getEnvironment();
            return new Ringmap(
                    context,
                    env.getRequiredProperty("local.server.port", Integer.class),
                    env.getRequiredProperty("local.management.port", Integer.class),
                    started);
        }

        TestHttp.Response get(String path) {
            return send(port, path);
        }

        /** Polls /readyz until it answers {@code status}; returns its JSON. */
        JsonNode awaitReadiness(int status, Duration within) {
            TestHttp.Response last = poll(managementPort, "/readyz", r -> r.status() == status, within);
            System.out.printf(
                    "[SecureClusterIT] ringmap started -> /readyz %d in %d ms%n",
                    status, Duration.between(started, Instant.now()).toMillis());
            return JSON.readTree(last.body());
        }

        /** Waits until health shows the connection failure cause matching {@code condition}; readiness is down. */
        String awaitNotReadyCause(Predicate<String> condition) {
            TestHttp.Response health =
                    poll(managementPort, "/actuator/health", r -> condition.test(cause(r)), Duration.ofSeconds(30));
            String cause = cause(health);
            System.out.printf(
                    "[SecureClusterIT] not ready after %d ms: %s%n",
                    Duration.between(started, Instant.now()).toMillis(), cause);
            TestHttp.Response ready = send(managementPort, "/readyz");
            assertThat(ready.status()).isEqualTo(503);
            assertThat(JSON.readTree(ready.body()).get("status").asString()).isEqualTo("OUT_OF_SERVICE");
            assertThat(send(managementPort, "/livez").status()).isEqualTo(200);
            return cause;
        }

        private static String cause(TestHttp.Response health) {
            JsonNode ring =
                    JSON.readTree(health.body()).path("components").path("ring").path("details");
            return ring.path("cause").asString("");
        }

        private static TestHttp.Response poll(
                int port, String path, Predicate<TestHttp.Response> condition, Duration within) {
            return Polling.until(
                    path + " meets the condition",
                    within,
                    Duration.ofMillis(200),
                    () -> send(port, path),
                    condition,
                    last -> last.status() + " " + last.body());
        }

        private static TestHttp.Response send(int port, String path) {
            TestHttp.Response r = new TestHttp(port).get(path);
            RESPONSES.add(r.body());
            return r;
        }

        @Override
        public void close() {
            context.close();
        }
    }

    /** Spring Boot SSL bundle {@code cassandra}, as command-line properties. */
    record Bundle(List<String> args) {

        /** PKCS12 stores ({@code spring.ssl.bundle.jks.*}); {@code keystore} null for no client certificate. */
        static Bundle jks(Path truststore, Path keystore) {
            List<String> args = new ArrayList<>(List.of(
                    "--spring.ssl.bundle.jks.cassandra.truststore.location=file:" + truststore,
                    "--spring.ssl.bundle.jks.cassandra.truststore.password=" + STORE_PASSWORD,
                    "--spring.ssl.bundle.jks.cassandra.truststore.type=PKCS12"));
            if (keystore != null) {
                args.addAll(List.of(
                        "--spring.ssl.bundle.jks.cassandra.keystore.location=file:" + keystore,
                        "--spring.ssl.bundle.jks.cassandra.keystore.password=" + STORE_PASSWORD,
                        "--spring.ssl.bundle.jks.cassandra.keystore.type=PKCS12"));
            }
            return new Bundle(args);
        }

        /** PEM files ({@code spring.ssl.bundle.pem.*}); certificate and key null for no client certificate. */
        static Bundle pem(Path caCertificates, Path certificate, Path privateKey) {
            List<String> args = new ArrayList<>(
                    List.of("--spring.ssl.bundle.pem.cassandra.truststore.certificate=file:" + caCertificates));
            if (certificate != null) {
                args.addAll(List.of(
                        "--spring.ssl.bundle.pem.cassandra.keystore.certificate=file:" + certificate,
                        "--spring.ssl.bundle.pem.cassandra.keystore.private-key=file:" + privateKey));
            }
            return new Bundle(args);
        }
    }
}
