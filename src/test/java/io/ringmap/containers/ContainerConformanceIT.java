package io.ringmap.containers;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import io.ringmap.testsupport.Polling;
import io.ringmap.testsupport.TestHttp;
import java.time.Duration;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;
import org.testcontainers.cassandra.CassandraContainer;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.utility.DockerImageName;
import tools.jackson.databind.JsonNode;

/**
 * The conformance checks on a Cassandra 5.0 container, for machines with Docker (skipped where there is none; the
 * local-cluster suites in {@code io.ringmap.conformance} run everywhere, CI included). ringmap follows the container
 * through Spring Boot's {@code @ServiceConnection}; tokens are compared with {@code SELECT token(...)}, replicas
 * with {@code nodetool getendpoints} run inside the container, splits by reading every row exactly once.
 */
@Testcontainers(disabledWithoutDocker = true)
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"ringmap.topology.source=cluster", "management.server.port=0"})
class ContainerConformanceIT {

    @Container
    @ServiceConnection
    static final CassandraContainer CASSANDRA = new CassandraContainer(DockerImageName.parse("cassandra:5.0"));

    private static CqlSession session;

    @LocalServerPort
    int port;

    @BeforeAll
    static void createSchema() {
        session = CqlSession.builder()
                .addContactPoint(CASSANDRA.getContactPoint())
                .withLocalDatacenter(CASSANDRA.getLocalDatacenter())
                .build();
        session.execute("CREATE KEYSPACE IF NOT EXISTS tc WITH replication = {'class': 'SimpleStrategy', "
                + "'replication_factor': 1}");
        session.execute("CREATE TABLE IF NOT EXISTS tc.readings (sensor_id text, day date, ts int, "
                + "PRIMARY KEY ((sensor_id, day), ts))");
        PreparedStatement insert = session.prepare("INSERT INTO tc.readings (sensor_id, day, ts) VALUES (?, ?, ?)");
        Random random = new Random(11);
        for (int i = 0; i < 1000; i++) {
            String sensor = "sensor-" + random.nextInt(100_000) + (i % 7 == 0 ? "\u00e9\u00e8" : "");
            LocalDate day = LocalDate.of(1960, 1, 1).plusDays(random.nextInt(40_000));
            session.execute(insert.bind(sensor, day, i));
        }
    }

    @AfterAll
    static void close() {
        if (session != null) {
            session.close();
        }
    }

    /** The JSON of a 200 answer to GET {@code path}; the live source picks a new table up within a second or so. */
    private JsonNode get(String path) {
        TestHttp http = new TestHttp(port);
        return Polling.until(
                        "GET " + path + " answers 200",
                        Duration.ofSeconds(30),
                        Duration.ofMillis(250),
                        () -> http.get(path),
                        r -> r.status() == 200,
                        r -> r.status() + " " + r.body())
                .json();
    }

    @Test
    void tokensEqualSelectToken() {
        int compared = 0;
        for (Row row : session.execute("SELECT token(sensor_id, day), sensor_id, day FROM tc.readings")) {
            JsonNode answer = get("/token?keyspace=tc&table=readings&sensor_id="
                    + java.net.URLEncoder.encode(row.getString(1), java.nio.charset.StandardCharsets.UTF_8)
                    + "&day=" + row.getLocalDate(2));
            assertThat(answer.get("token").asString()).isEqualTo(Long.toString(row.getLong(0)));
            compared++;
        }
        assertThat(compared).isGreaterThanOrEqualTo(900);
    }

    @Test
    void replicasEqualNodetoolGetendpoints() throws Exception {
        int compared = 0;
        for (Row row : session.execute("SELECT DISTINCT sensor_id, day FROM tc.readings LIMIT 50")) {
            String key = row.getString(0).replace(":", "\\:") + ":" + row.getLocalDate(1);
            var nodetool = CASSANDRA.execInContainer("nodetool", "getendpoints", "tc", "readings", key);
            List<String> expected = nodetool.getStdout()
                    .lines()
                    .map(String::strip)
                    .filter(s -> !s.isEmpty())
                    .toList();
            JsonNode answer = get("/replicas?keyspace=tc&table=readings&sensor_id="
                    + java.net.URLEncoder.encode(row.getString(0), java.nio.charset.StandardCharsets.UTF_8)
                    + "&day=" + row.getLocalDate(1));
            List<String> actual = new java.util.ArrayList<>();
            answer.get("replicas").forEach(r -> actual.add(r.get("address").asString()));
            assertThat(actual).containsExactlyInAnyOrderElementsOf(expected);
            assertThat(actual.get(0)).isEqualTo(expected.get(0));
            compared++;
        }
        assertThat(compared).isEqualTo(50);
    }

    @Test
    void splitsReadEveryRowExactlyOnce() {
        long total = session.execute("SELECT count(*) FROM tc.readings").one().getLong(0);
        for (String mode : List.of("even", "aligned")) {
            for (int n : new int[] {1, 7, 64}) {
                Set<String> seen = new HashSet<>();
                long rows = 0;
                for (JsonNode split : get("/splits?keyspace=tc&table=readings&n=" + n + "&mode=" + mode)
                        .get("splits")) {
                    for (JsonNode range : split.get("ranges")) {
                        for (Row row : session.execute(range.get("cql").asString())) {
                            assertThat(seen.add(row.getString("sensor_id") + "|" + row.getLocalDate("day") + "|"
                                            + row.getInt("ts")))
                                    .as("a row read twice")
                                    .isTrue();
                            rows++;
                        }
                    }
                }
                assertThat(rows).as(mode + " n=" + n).isEqualTo(total);
            }
        }
    }
}
