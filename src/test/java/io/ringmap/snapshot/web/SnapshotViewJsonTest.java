package io.ringmap.snapshot.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@link SnapshotViewJson} writes exactly what Jackson writes without it: for many ages (every double form: integral,
 * fractions, exponents), for snapshots that change between answers (stale and not, a reason with characters JSON
 * escapes, motion), alone and inside an answer, with Spring Boot's {@code non_null} inclusion and without, with the
 * fast double writer, and pretty-printed.
 */
class SnapshotViewJsonTest {

    record Answer(String token, SnapshotView snapshot, List<SnapshotView> more) {}

    static final List<SnapshotView> SNAPSHOTS = List.of(
            new SnapshotView(
                    "static:classpath:topology/default.yaml",
                    "dc186966049f968beb451ebfac7f3442",
                    1,
                    Instant.parse("2026-12-01T00:00:00Z"),
                    0.0,
                    false,
                    null,
                    new MotionView(false, "NONE", "a static topology has no movement; no movement source"),
                    null),
            new SnapshotView(
                    "cluster:Test \"Cluster\" é\u2028",
                    "3f9a6c1e0b7d4e2a9c5b8d7e6f1a2b3c",
                    7,
                    Instant.parse("2026-12-01T10:15:30.123456789Z"),
                    12.5,
                    true,
                    "cluster unreachable: <timeout>\n",
                    new MotionView(true, "GOSSIP", null),
                    null),
            new SnapshotView(
                    "cluster:six",
                    "0a",
                    3,
                    Instant.parse("2026-12-05T12:00:00Z"),
                    1.25,
                    false,
                    null,
                    new MotionView(true, "CLUSTER_METADATA", null),
                    42L),
            new SnapshotView("cluster:x", "00", Long.MAX_VALUE, Instant.EPOCH, 0.0, false, null, null, null));

    @Test
    void writesWhatJacksonWritesWithoutIt() {
        List<JsonMapper.Builder> configurations = List.of(
                JsonMapper.builder(),
                JsonMapper.builder()
                        .changeDefaultPropertyInclusion(i -> i.withValueInclusion(JsonInclude.Include.NON_NULL)),
                JsonMapper.builder().enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER),
                JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT));
        SplittableRandom random = new SplittableRandom(7);
        List<Double> ages = new ArrayList<>(List.of(
                0.0,
                0.001,
                0.1,
                1.0,
                12.5,
                59.999,
                1e7,
                1.0E-5,
                123456.789,
                9.007199254740993E15,
                Double.MIN_VALUE,
                SnapshotViewJson.Writer.MARKER));
        for (int i = 0; i < 2_000; i++) {
            ages.add(random.nextInt(100_000_000) / 1000.0);
            ages.add(Double.longBitsToDouble(random.nextLong() & 0x7fefffffffffffffL));
        }
        for (JsonMapper.Builder configuration : configurations) {
            JsonMapper plain = configuration.build();
            JsonMapper cached =
                    plain.rebuild().addModule(new SnapshotViewJson()).build();
            for (double age : ages) {
                // a different snapshot every few answers, as when the ring changes
                SnapshotView view = SNAPSHOTS
                        .get(Math.floorMod(Double.hashCode(age), SNAPSHOTS.size()))
                        .withAgeSeconds(age);
                Answer answer = new Answer("1", view, List.of(view.withAgeSeconds(age * 2), view));
                assertThat(cached.writeValueAsString(answer)).isEqualTo(plain.writeValueAsString(answer));
                assertThat(cached.writeValueAsBytes(view)).isEqualTo(plain.writeValueAsBytes(view));
            }
        }
    }
}
