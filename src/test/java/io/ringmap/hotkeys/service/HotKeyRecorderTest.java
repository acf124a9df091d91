package io.ringmap.hotkeys.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.ringmap.hotkeys.HitCounter;
import io.ringmap.hotkeys.HotKey;
import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.HotKeySettings;
import io.ringmap.hotkeys.KeyExporter;
import io.ringmap.hotkeys.ReplicaHits;
import io.ringmap.hotkeys.TableHotKeys;
import io.ringmap.hotkeys.metrics.HotKeyMetrics;
import io.ringmap.hotkeys.metrics.ReplicaPlacement;
import io.ringmap.ring.Node;
import io.ringmap.ring.NodeState;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.TokenRing;
import io.ringmap.schema.CqlTypeParser;
import io.ringmap.schema.KeyColumn;
import io.ringmap.schema.ParsedKey;
import io.ringmap.schema.PartitionKeyParser;
import io.ringmap.schema.TableSchema;
import io.ringmap.token.LongToken;
import io.ringmap.token.Murmur3Partitioner;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HotKeyRecorderTest {

    private static final TableSchema READINGS = new TableSchema(
            "iot",
            "readings",
            List.of(
                    new KeyColumn("sensor_id", CqlTypeParser.parse("text")),
                    new KeyColumn("day", CqlTypeParser.parse("date"))));
    private static final TableSchema BY_ID =
            new TableSchema("iot", "by_id", List.of(new KeyColumn("id", CqlTypeParser.parse("int"))));
    private static final Node N1 = new Node("N1", "127.0.0.1", "dc1", "rack1", NodeState.UP);
    private static final Node N2 = new Node("N2", "127.0.0.2", "dc1", "rack2", NodeState.UP);

    private final HotKeyRegistry hotKeys = new HotKeyRegistry(HotKeySettings.DEFAULTS, KeyExporter.plain());
    private final ReplicaHits replicas = new ReplicaHits(10);
    private final HotKeyRecorder recorder = new HotKeyRecorder(hotKeys, replicas);

    @Test
    void countsABatchExactlyAsOneRecordPerKeyWould() {
        // given a ring of two nodes and a batch with repeated keys, counts, and a key without replicas
        TokenRing ring = TokenRing.of(
                Murmur3Partitioner.INSTANCE, Map.of(N1, List.of(new LongToken(0)), N2, List.of(new LongToken(100))));
        int n1 = ring.nodes().indexOf(N1);
        int n2 = ring.nodes().indexOf(N2);
        List<ParsedKey> keys = List.of(
                PartitionKeyParser.parse(READINGS, Map.of("sensor_id", "a", "day", "2026-10-01")),
                PartitionKeyParser.parse(READINGS, Map.of("sensor_id", "b:c", "day", "2026-10-01")),
                PartitionKeyParser.parse(READINGS, Map.of("sensor_id", "a", "day", "2026-10-01")),
                PartitionKeyParser.parse(READINGS, Map.of("sensor_id", "d", "day", "2026-10-02")));
        long[] counts = {2, 1, 5, 7};
        ReplicaSet[] sets = {
            new ReplicaSet(new int[] {n1, n2}, new boolean[2]),
            new ReplicaSet(new int[] {n2}, new boolean[1]),
            new ReplicaSet(new int[] {n1, n2}, new boolean[2]),
            null
        };
        HotKeyRegistry oneByOne = new HotKeyRegistry(HotKeySettings.DEFAULTS, KeyExporter.plain());
        ReplicaHits oneByOneReplicas = new ReplicaHits(10);
        HotKeyRecorder single = new HotKeyRecorder(oneByOne, oneByOneReplicas);

        // when the batch is recorded at once, and key by key elsewhere
        recorder.recordAll(READINGS, keys, null, counts, ring, sets); // tokens are not the hot keys' concern
        for (int i = 0; i < keys.size(); i++) {
            List<Node> nodes = sets[i] == null
                    ? List.of()
                    : java.util.Arrays.stream(sets[i].nodes())
                            .mapToObj(ring.nodes()::get)
                            .toList();
            single.record(READINGS, keys.get(i), null, counts[i], ring, nodes);
        }
        hotKeys.refresh();
        oneByOne.refresh();

        // then both count the same keys, totals and replica hits
        TableHotKeys batch = hotKeys.hotKeys("iot", "readings", 10).orElseThrow();
        TableHotKeys each = oneByOne.hotKeys("iot", "readings", 10).orElseThrow();
        assertThat(batch.streamLength()).isEqualTo(15).isEqualTo(each.streamLength());
        assertThat(batch.keys())
                .extracting(HotKey::label, HotKey::estimate)
                .containsExactlyElementsOf(each.keys().stream()
                        .map(k -> org.assertj.core.groups.Tuple.tuple(k.label(), k.estimate()))
                        .toList())
                .contains(
                        org.assertj.core.groups.Tuple.tuple("a:2026-10-01", 7L),
                        org.assertj.core.groups.Tuple.tuple("b\\:c:2026-10-01", 1L));
        assertThat(hotKeys.counters().get(0).total())
                .isEqualTo(oneByOne.counters().get(0).total())
                .isEqualTo(15);
        assertThat(replicas.counters())
                .extracting(HitCounter::key, HitCounter::count)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("127.0.0.1", 7L),
                        org.assertj.core.groups.Tuple.tuple("127.0.0.2", 8L))
                .containsExactlyElementsOf(oneByOneReplicas.counters().stream()
                        .map(c -> org.assertj.core.groups.Tuple.tuple(c.key(), c.count()))
                        .toList());
    }

    @Test
    void batchesOnOneRingCountOnTheExportedReplicaCountersAfterANodeIsForgottenAndBeyondTheBoundAsDropped() {
        // given a ring of two nodes, and room for one node's counter only
        TokenRing ring = TokenRing.of(
                Murmur3Partitioner.INSTANCE, Map.of(N1, List.of(new LongToken(0)), N2, List.of(new LongToken(100))));
        int n1 = ring.nodes().indexOf(N1);
        int n2 = ring.nodes().indexOf(N2);
        ReplicaHits oneNode = new ReplicaHits(1);
        HotKeyRecorder bounded = new HotKeyRecorder(hotKeys, oneNode);
        List<ParsedKey> key = List.of(PartitionKeyParser.parse(BY_ID, Map.of("id", "1")));
        ReplicaSet[] onN1 = {new ReplicaSet(new int[] {n1}, new boolean[1])};
        ReplicaSet[] onBoth = {new ReplicaSet(new int[] {n1, n2}, new boolean[2])};

        // when N1 is counted, then both (N2 beyond the bound), then N1 is forgotten and counted again, then both
        bounded.recordAll(BY_ID, key, null, new long[] {3}, ring, onN1);
        bounded.recordAll(BY_ID, key, null, new long[] {2}, ring, onBoth);
        assertThat(oneNode.counters())
                .extracting(HitCounter::key, HitCounter::count)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("127.0.0.1", 5L));
        assertThat(oneNode.droppedHits()).isEqualTo(2);
        oneNode.retain(java.util.Set.of("127.0.0.2"));
        bounded.recordAll(BY_ID, key, null, new long[] {4}, ring, onN1);
        bounded.recordAll(BY_ID, key, null, new long[] {1}, ring, onBoth);

        // then the same ring's next batches count on the counters exported now: N1's is a new one, in the room its
        // old one left, and N2 is still beyond the bound
        assertThat(oneNode.counters())
                .extracting(HitCounter::key, HitCounter::count)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("127.0.0.1", 5L));
        assertThat(oneNode.droppedHits()).isEqualTo(3);
    }

    @Test
    void countsTheKeyUnderItsCanonicalLabelAndOnEachReplicaByAddress() {
        // given a composite key given in non-canonical spelling
        ParsedKey key = PartitionKeyParser.parse(READINGS, Map.of("sensor_id", "sensor-17", "day", "2026-10-01"));

        // when it is routed 3 times in one report and once by a token lookup without replicas
        recorder.record(READINGS, key, null, 3, null, List.of(N1, N2));
        recorder.record(READINGS, key, null, 1, null, List.of());

        // then
        TableHotKeys hot = hotKeys.hotKeys("iot", "readings", 10).orElseThrow();
        assertThat(hot.streamLength()).isEqualTo(4);
        assertThat(hot.keys()).singleElement().satisfies(k -> {
            assertThat(k.label()).isEqualTo("sensor-17:2026-10-01");
            assertThat(k.estimate()).isEqualTo(4);
        });
        assertThat(replicas.counters())
                .extracting(HitCounter::key, HitCounter::count)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("127.0.0.1", 3L),
                        org.assertj.core.groups.Tuple.tuple("127.0.0.2", 3L));
    }

    @Test
    void exportsReplicaHitsWithDcAndRackOfTheNode() {
        // given
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        HotKeyMetrics metrics = new HotKeyMetrics(
                hotKeys,
                replicas,
                node -> node.equals("127.0.0.1") ? new ReplicaPlacement("dc1", "rack1") : ReplicaPlacement.UNKNOWN);
        metrics.bindTo(registry);

        // when
        recorder.record(BY_ID, PartitionKeyParser.parse(BY_ID, Map.of("id", "1")), null, 2, null, List.of(N1));
        metrics.refreshAndSync();

        // then
        assertThat(registry.get(HotKeyMetrics.REPLICA_HITS)
                        .tags("replica", "127.0.0.1", "datacenter", "dc1", "rack", "rack1")
                        .functionCounter()
                        .count())
                .isEqualTo(2);
        assertThat(registry.get(HotKeyMetrics.HOTKEY_HITS)
                        .tags("table", "by_id", "partition", "1")
                        .functionCounter()
                        .count())
                .isZero(); // entered the top K at the refresh: counts from then on
    }
}
