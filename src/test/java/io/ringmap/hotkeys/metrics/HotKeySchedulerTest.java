package io.ringmap.hotkeys.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.ringmap.hotkeys.HitCounter;
import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.HotKeySettings;
import io.ringmap.hotkeys.KeyExporter;
import io.ringmap.hotkeys.ReplicaHits;
import io.ringmap.snapshot.SnapshotHolder;
import io.ringmap.topology.StaticTopologyParser;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A new snapshot that drops a node drops that node's replica hits and its meter at the next tick. */
class HotKeySchedulerTest {

    private static final String TWO_NODES = """
            partitioner: Murmur3Partitioner
            nodes:
              - {address: 10.0.0.1, datacenter: dc1, rack: r1, tokens: ["0"]}
              - {address: 10.0.0.2, datacenter: dc1, rack: r1, tokens: ["100"]}
            """;
    private static final String ONE_NODE = """
            partitioner: Murmur3Partitioner
            nodes:
              - {address: 10.0.0.1, datacenter: dc1, rack: r1, tokens: ["0"]}
            """;

    @Test
    void dropsReplicaHitsAndMetersOfNodesANewSnapshotNoLongerHas() {
        // given hits on both nodes of a two-node ring, exported once
        SnapshotHolder snapshots = new SnapshotHolder(Clock.systemUTC());
        snapshots.publish(StaticTopologyParser.parse(TWO_NODES, "two.yaml"), "static:two");
        HotKeyRegistry hotKeys = new HotKeyRegistry(HotKeySettings.DEFAULTS, KeyExporter.plain());
        ReplicaHits replicas = new ReplicaHits(10);
        SnapshotPlacements placements = new SnapshotPlacements(snapshots);
        HotKeyMetrics metrics = new HotKeyMetrics(hotKeys, replicas, placements);
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        metrics.bindTo(registry);
        HotKeyScheduler scheduler = new HotKeyScheduler(
                metrics, hotKeys, replicas, snapshots, placements, Duration.ofSeconds(1), Duration.ofMinutes(5));
        replicas.record("10.0.0.1", 3);
        replicas.record("10.0.0.2", 5);
        scheduler.refresh();
        assertThat(registry.find(HotKeyMetrics.REPLICA_HITS).meters()).hasSize(2);

        // when the topology loses 10.0.0.2
        snapshots.publish(StaticTopologyParser.parse(ONE_NODE, "one.yaml"), "static:one");
        scheduler.refresh();

        // then
        assertThat(replicas.counters()).extracting(HitCounter::key).containsExactly("10.0.0.1");
        assertThat(registry.find(HotKeyMetrics.REPLICA_HITS).meters())
                .singleElement()
                .satisfies(c -> assertThat(c.getId().getTag("replica")).isEqualTo("10.0.0.1"));
    }
}
