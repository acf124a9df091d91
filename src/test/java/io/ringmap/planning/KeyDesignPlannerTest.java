package io.ringmap.planning;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.replication.Placements;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Node;
import io.ringmap.ring.NodeState;
import io.ringmap.ring.RingSnapshot;
import io.ringmap.ring.TokenRing;
import io.ringmap.token.LongToken;
import io.ringmap.token.Murmur3Partitioner;
import io.ringmap.token.Token;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The planner's arithmetic on the AtlasMart workload, with a stand-in encoder (the web test hashes for real). */
class KeyDesignPlannerTest {

    static final Workload ATLASMART = new Workload(
            new LinkedHashMap<>(Map.of("normal-1", 12_000.0, "normal-2", 8_000.0, "celebrity-display", 480_000.0)),
            null,
            LocalDate.of(2026, 8, 1),
            30,
            420);
    static final KeyDesignPlanner.Settings GUIDELINE = new KeyDesignPlanner.Settings(100_000, 100_000_000, 100_000, 1);

    static final KeyDesign TENANT = new KeyDesign(
            "tenant", List.of(new KeyDesign.Column("tenant_id", "text", new Generator.Fixed("tenant-7"))));
    static final KeyDesign DEVICE_DAY = new KeyDesign(
            "tenant+device+day",
            List.of(
                    new KeyDesign.Column("tenant_id", "text", new Generator.Fixed("tenant-7")),
                    new KeyDesign.Column("device_id", "text", new Generator.Entity()),
                    new KeyDesign.Column("day", "date", new Generator.TimeBucket(Generator.BucketUnit.DAY))));

    static RingSnapshot ring() {
        Map<Node, List<Token>> tokens = new LinkedHashMap<>();
        long[] t = {-4611686018427387904L, 0, 4611686018427387904L, Long.MAX_VALUE};
        for (int i = 0; i < 4; i++) {
            tokens.put(
                    new Node("N" + (i + 1), "127.0.0." + (i + 1), "dc1", "rack1", NodeState.UP),
                    List.of(new LongToken(t[i])));
        }
        TokenRing ring = TokenRing.of(Murmur3Partitioner.INSTANCE, tokens);
        return RingSnapshot.of(
                ring,
                Placements.place(ring, Map.of("ks", Map.of("class", "SimpleStrategy", "replication_factor", "3")), 0));
    }

    static KeyDesignPlanner.DesignPlan plan(KeyDesign design) {
        RingSnapshot ring = ring();
        KeyEncoder encoder = values -> new LongToken(String.join("|", values).hashCode() * 2_147_483_647L);
        return KeyDesignPlanner.plan(design, ATLASMART, GUIDELINE, encoder, ring, (KeyspacePlacement.Placed)
                ring.keyspace("ks").orElseThrow());
    }

    @Test
    void tenantOnlyIsOnePartitionOfFifteenMillionRowsAbout587GiB() {
        KeyDesignPlanner.DesignPlan p = plan(TENANT);
        assertThat(p.partitions()).isEqualTo(1);
        assertThat(p.largest().rows()).isEqualTo(15_000_000);
        assertThat(p.largest().bytes() / (1L << 30)).isCloseTo(5.867, org.assertj.core.data.Offset.offset(0.001));
        assertThat(p.fix().shards()).isEqualTo(150);
    }

    @Test
    void deviceDayIsNinetyPartitionsTheLargest480000RowsAbout192MiBAndFiveShardsOrHoursFixIt() {
        KeyDesignPlanner.DesignPlan p = plan(DEVICE_DAY);
        assertThat(p.partitions()).isEqualTo(90);
        assertThat(p.largest().key()).containsExactly("tenant-7", "celebrity-display", "2026-08-01");
        assertThat(p.largest().rows()).isEqualTo(480_000);
        assertThat(p.largest().bytes() / (1 << 20)).isCloseTo(192.26, org.assertj.core.data.Offset.offset(0.01));
        assertThat(p.rowsPerPartition()).isEqualTo(new KeyDesignPlanner.Percentiles(12_000, 480_000, 480_000, 480_000));
        assertThat(p.partitionsOverGuideline()).isEqualTo(30);
        assertThat(p.fix().shards()).isEqualTo(5);
        assertThat(p.fix().largestRowsWithShards()).isEqualTo(96_000);
        assertThat(p.fix().bucket()).isEqualTo(Generator.BucketUnit.HOUR);
        assertThat(p.fix().largestRowsWithBucket()).isCloseTo(20_000, org.assertj.core.data.Offset.offset(1e-6));
        // every replica holds a copy: RF 3 x 15,000,000 rows over the four nodes
        assertThat(p.nodes().stream()
                        .mapToDouble(KeyDesignPlanner.NodeLoad::rows)
                        .sum())
                .isEqualTo(45_000_000);
        assertThat(p.queries()).extracting(KeyDesignPlanner.Fanout::partitions).containsExactly(1L, 7L, 30L);
    }

    @Test
    void aFourHundredMegabyteGuidelineNeedsOnlyTheRowLimit() {
        KeyDesignPlanner.DesignPlan p = KeyDesignPlanner.plan(
                DEVICE_DAY,
                ATLASMART,
                new KeyDesignPlanner.Settings(1_000_000, 100_000_000, 100_000, 1),
                v -> new LongToken(0),
                ring(),
                (KeyspacePlacement.Placed) ring().keyspace("ks").orElseThrow());
        // 201.6 MB over 100 MB (decimal): 3 shards of 67.2 MB
        assertThat(p.fix().shards()).isEqualTo(3);
    }

    @Test
    void timeBucketsAreWrittenInTheColumnsType() {
        LocalDateTime t = LocalDateTime.of(2026, 8, 3, 10, 0);
        assertThat(KeyDesignPlanner.bucketText(Generator.BucketUnit.DAY, t, "date"))
                .isEqualTo("2026-08-03");
        assertThat(KeyDesignPlanner.bucketText(Generator.BucketUnit.HOUR, t, "timestamp"))
                .isEqualTo("2026-08-03T10:00:00Z");
        assertThat(KeyDesignPlanner.bucketText(Generator.BucketUnit.HOUR, t, "text"))
                .isEqualTo("2026-08-03T10");
        assertThat(KeyDesignPlanner.bucketText(Generator.BucketUnit.MONTH, t, "text"))
                .isEqualTo("2026-08");
        assertThat(KeyDesignPlanner.bucketText(Generator.BucketUnit.DAY, t, "int"))
                .isEqualTo("20668");
    }

    @Test
    void samplingIsDeterministicWithTheSeed() {
        assertThat(KeyDesignPlanner.sample(1_000_000, 5, 42))
                .isEqualTo(KeyDesignPlanner.sample(1_000_000, 5, 42))
                .hasSize(5)
                .doesNotHaveDuplicates();
    }
}
