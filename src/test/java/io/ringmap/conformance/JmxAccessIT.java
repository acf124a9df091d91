package io.ringmap.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import io.ringmap.RingmapApplication;
import io.ringmap.testcluster.CassandraClusterExtension;
import io.ringmap.testcluster.CassandraPartitioner;
import io.ringmap.testcluster.ClusterLocks;
import io.ringmap.testcluster.ClusterSpec;
import io.ringmap.testcluster.JmxAccess;
import io.ringmap.testcluster.NodeSpec;
import io.ringmap.testcluster.TestCertificates;
import io.ringmap.testcluster.TestCertificates.Issued;
import io.ringmap.testcluster.TimeBudget;
import io.ringmap.testsupport.ClassOutput;
import io.ringmap.testsupport.TestHttp;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;
import javax.net.ssl.SSLContext;
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

/**
 * The sizes collector against a node whose JMX asks for a password (the JDK's password and access files) and speaks
 * RMI over TLS (a keystore this test issues with the certificates SecureClusterIT uses), on a one-node cluster of
 * its own (127.0.0.65): with the right user, password and TLS ringmap reads the node's JMX figures (the same as
 * nodetool, logged in over TLS, prints); with a wrong password, or without TLS, the node's JMX part is missing and
 * its problems say why, while its CQL figures still answer; no password shows in any answer or log line.
 */
// reads its own log from the standard output captured beside other classes (only what names its own cluster or secrets)
@ExtendWith(ClassOutput.class)
@ResourceLock(providers = ClusterLocks.class)
@TimeBudget(seconds = 30)
class JmxAccessIT {

    static final Path PKI = Path.of("target", "jmx-access-pki").toAbsolutePath();
    static final String STORE_PASSWORD = "store-" + secret();
    static final String NODETOOL_PASSWORD = "nodetool-" + secret();
    static final String RINGMAP_PASSWORD = "ringmap-" + secret();
    static final String WRONG_PASSWORD = "wrong-" + secret();
    static final Path TRUSTSTORE;
    static final JmxAccess ACCESS;

    static {
        Issued ca = TestCertificates.authority("ringmap JMX test CA");
        Path keystore = TestCertificates.issue(ca, "cassandra-jmx", "127.0.0.1", "127.0.0.65")
                .writeKeystore(PKI.resolve("node.p12"), STORE_PASSWORD);
        TRUSTSTORE = TestCertificates.writeTruststore(PKI.resolve("ca.p12"), STORE_PASSWORD, ca);
        // ringmap only reads (no sampling here): a readonly user is enough
        ACCESS = JmxAccess.write(
                PKI,
                "nodetool",
                NODETOOL_PASSWORD,
                List.<String[]>of(new String[] {"ringmap", RINGMAP_PASSWORD, "readonly"}),
                keystore,
                TRUSTSTORE,
                STORE_PASSWORD);
    }

    static final ClusterSpec SPEC = new ClusterSpec(
                    "jmx-access",
                    "ringmap-jmx-access",
                    CassandraPartitioner.MURMUR3,
                    List.of(NodeSpec.withTokens("127.0.0.65", "dc1", "rack1", "0")),
                    "256m",
                    "320m",
                    ClusterSpec.DEFAULT_JMX_PORT_BASE)
            .withJmxAccess(ACCESS);

    @RegisterExtension
    static final CassandraClusterExtension CASSANDRA = CassandraClusterExtension.perClass(SPEC);

    static final String PATH = "/sizes?keyspace=jmx&table=events";
    /** How long the sizes collector may take to read the node over JMX. */
    static final Duration SIZES_COLLECTED = Duration.ofSeconds(60);

    static SSLContext previousDefault;
    static Map<String, String> nodetool;

    @BeforeAll
    static void writeAndFlush() throws NoSuchAlgorithmException {
        long started = System.nanoTime();
        CqlSession session = CASSANDRA.cluster().session();
        CASSANDRA
                .cluster()
                .executeSchemaChange("CREATE KEYSPACE jmx WITH replication = "
                        + "{'class': 'SimpleStrategy', 'replication_factor': 1}");
        CASSANDRA.cluster().executeSchemaChange("CREATE TABLE jmx.events (k text, c int, v blob, PRIMARY KEY (k, c))");
        PreparedStatement insert = session.prepare("INSERT INTO jmx.events (k, c, v) VALUES (?, ?, ?)");
        Random random = new Random(65);
        for (int i = 0; i < 200; i++) {
            session.execute(insert.bind("k-" + i, 0, bytes(random, 50)));
        }
        for (int i = 0; i < 200; i++) {
            session.execute(insert.bind("wide", i, bytes(random, 500)));
        }
        // the harness's nodetool logs in over TLS too: flush, then what nodetool prints is the oracle
        CASSANDRA.cluster().nodetool(0, "flush", "jmx", "events");
        nodetool = SizesConformanceIT.tablestats(CASSANDRA.cluster().nodetool(0, "tablestats", "jmx.events"));
        // JMX over RMI/TLS trusts the JVM's default trust store (the stubs Cassandra hands out carry the JDK's
        // SslRMIClientSocketFactory), so the test makes its CA the default for its duration
        previousDefault = SSLContext.getDefault();
        SSLContext.setDefault(TestCertificates.sslContext(null, TRUSTSTORE, STORE_PASSWORD));
        System.out.printf(
                Locale.ROOT,
                "jmx access IT: cluster start %.1f s, data and flush %.1f s%n",
                CASSANDRA.cluster().lastStartDuration().toMillis() / 1000.0,
                (System.nanoTime() - started) / 1e9);
    }

    @AfterAll
    static void restoreTrust() {
        if (previousDefault != null) {
            SSLContext.setDefault(previousDefault);
        }
    }

    @Test
    void theRightUserOverTlsReadsWhatNodetoolPrints(CapturedOutput output) {
        long started = System.nanoTime();
        try (ConfigurableApplicationContext app = start("ringmap", RINGMAP_PASSWORD, true)) {
            JsonNode sizes = await(app, s -> node(s).path("maxPartitionExact").asBoolean(false));
            JsonNode node = node(sizes);
            assertThat(node.get("status").asString()).isEqualTo("COLLECTED");
            assertThat(node.get("problems")).isEmpty();
            assertThat(node.get("maxPartitionBytes").asLong())
                    .isEqualTo(Long.parseLong(nodetool.get("Compacted partition maximum bytes")));
            assertThat(node.get("diskBytes").asLong()).isEqualTo(Long.parseLong(nodetool.get("Space used (live)")));
            assertThat(node.get("partitionSize").isObject()).isTrue();
            assertNoSecret(sizes.toString(), output);
        }
        report("right credentials over TLS", started);
    }

    @Test
    void aWrongPasswordLeavesTheNodesJmxPartMissingWithTheReason(CapturedOutput output) {
        long started = System.nanoTime();
        try (ConfigurableApplicationContext app = start("ringmap", WRONG_PASSWORD, true)) {
            JsonNode sizes = await(app, s -> !node(s).path("problems").isEmpty());
            JsonNode node = node(sizes);
            System.out.println("jmx access IT: wrong password: " + node.get("problems"));
            assertJmxMissing(node, "authentication failed");
            assertNoSecret(sizes.toString(), output);
        }
        report("wrong password", started);
    }

    @Test
    void withoutTlsTheNodesJmxPartIsMissingWithTheReason(CapturedOutput output) {
        long started = System.nanoTime();
        try (ConfigurableApplicationContext app = start("ringmap", RINGMAP_PASSWORD, false)) {
            JsonNode sizes = await(app, s -> !node(s).path("problems").isEmpty());
            JsonNode node = node(sizes);
            System.out.println("jmx access IT: no TLS: " + node.get("problems"));
            assertJmxMissing(node, "");
            assertNoSecret(sizes.toString(), output);
        }
        report("no TLS", started);
    }

    /** CQL still answered (the node is reported, not unreachable), JMX's exact figures are absent, the reason named. */
    static void assertJmxMissing(JsonNode node, String reason) {
        assertThat(node.get("status").asString()).isEqualTo("PARTIAL");
        assertThat(node.get("reported").asBoolean()).isTrue();
        assertThat(node.get("maxPartitionExact").asBoolean()).isFalse();
        assertThat(node.hasNonNull("partitionSize")).isFalse();
        assertThat(node.get("maxPartitionMebibytes").asLong()).isEqualTo(1); // system_views, in MiB rounded up
        List<String> problems =
                node.get("problems").valueStream().map(JsonNode::asString).toList();
        assertThat(problems)
                .anySatisfy(p -> assertThat(p.toLowerCase(Locale.ROOT))
                        .startsWith("jmx: ")
                        .contains(reason));
    }

    static void assertNoSecret(String body, CapturedOutput output) {
        for (String secret : List.of(RINGMAP_PASSWORD, WRONG_PASSWORD, NODETOOL_PASSWORD, STORE_PASSWORD)) {
            assertThat(body).doesNotContain(secret);
            assertThat(output.getAll()).doesNotContain(secret);
        }
    }

    static ConfigurableApplicationContext start(String user, String password, boolean ssl) {
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("spring.cassandra.contact-points", "127.0.0.65:9042");
        properties.put("spring.cassandra.local-datacenter", "dc1");
        properties.put("server.port", "0");
        properties.put("management.server.port", "0");
        properties.put("ringmap.sizes.refresh-interval", "1s");
        properties.put("ringmap.sizes.initial-delay", "0s");
        properties.put("ringmap.sizes.query-timeout", "3s");
        properties.put("ringmap.sizes.jmx.enabled", "true");
        properties.put("ringmap.sizes.jmx.host", "127.0.0.1");
        properties.put(
                "ringmap.sizes.jmx.port",
                Integer.toString(SPEC.jmxPort(SPEC.nodes().get(0))));
        properties.put("ringmap.sizes.jmx.username", user);
        properties.put("ringmap.sizes.jmx.password", password);
        properties.put("ringmap.sizes.jmx.ssl", Boolean.toString(ssl));
        // as arguments: default properties would lose to the application's own configuration files
        return new SpringApplicationBuilder(RingmapApplication.class)
                .run(properties.entrySet().stream()
                        .map(e -> "--" + e.getKey() + "=" + e.getValue())
                        .toArray(String[]::new));
    }

    static JsonNode await(ConfigurableApplicationContext app, Predicate<JsonNode> condition) {
        int port = Integer.parseInt(app.getEnvironment().getProperty("local.server.port"));
        TestHttp http = new TestHttp(port);
        return http.await(
                        PATH,
                        r -> r.status() == 200
                                && node(r.json()).path("reported").asBoolean(false)
                                && condition.test(r.json()),
                        SIZES_COLLECTED)
                .json();
    }

    static JsonNode node(JsonNode sizes) {
        return sizes.get("nodes").get(0);
    }

    static String secret() {
        byte[] b = new byte[8];
        new SecureRandom().nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    static ByteBuffer bytes(Random random, int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return ByteBuffer.wrap(b);
    }

    static void report(String what, long startedNanos) {
        System.out.printf(Locale.ROOT, "jmx access IT: %s in %.1f s%n", what, (System.nanoTime() - startedNanos) / 1e9);
    }
}
