package io.ringmap.heatmap.service;

import io.ringmap.heatmap.HeatmapRegistry;
import io.ringmap.hotkeys.ServerHotKeys;
import io.ringmap.hotkeys.ServerHotKeys.NodeSamples;
import io.ringmap.hotkeys.ServerHotKeys.ServerHotKey;
import io.ringmap.ring.TableName;
import io.ringmap.ring.TokenRing;
import io.ringmap.routing.RoutingService;
import io.ringmap.snapshot.NoSnapshotException;
import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.token.Partitioner;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The servers' sampled reads and writes (JMX partition sampling, as {@code nodetool toppartitions}) as two heatmap
 * series beside the client hits: after each sizes round, every sampled partition's reads and writes are added to the
 * bucket of its token in the slice of that moment, and those of a partition whose key the table's schema could not
 * decode (no token) to the slice's unplaced count, never to a guessed bucket. A node's report served again in a later
 * round (a peer's share it has not collected anew) is counted once, by node and time of collection.
 */
public final class ServerSeries {

    private static final Logger log = LoggerFactory.getLogger(ServerSeries.class);

    private final ServerHotKeys server;
    private final RoutingService routing;
    private final HeatmapRegistry reads;
    private final HeatmapRegistry writes;
    /** Per node: when the last report counted was collected. */
    private final Map<String, Instant> counted = new HashMap<>();

    public ServerSeries(ServerHotKeys server, RoutingService routing, HeatmapRegistry reads, HeatmapRegistry writes) {
        this.server = Objects.requireNonNull(server, "server must not be null");
        this.routing = Objects.requireNonNull(routing, "routing must not be null");
        this.reads = Objects.requireNonNull(reads, "reads must not be null");
        this.writes = Objects.requireNonNull(writes, "writes must not be null");
    }

    /** The sampled reads per bucket and slice. */
    public HeatmapRegistry reads() {
        return reads;
    }

    /** The sampled writes per bucket and slice. */
    public HeatmapRegistry writes() {
        return writes;
    }

    /** Adds the samples of the round just published (called by the collector after each round). */
    public synchronized void roundPublished() {
        ServedSnapshot served;
        try {
            served = routing.snapshot();
        } catch (NoSnapshotException e) {
            return; // a round needs a ring, so this does not happen; nothing to place the samples on
        }
        TokenRing ring = served.tokenRing();
        Partitioner partitioner = served.partitioner();
        Map<String, Instant> newest = new HashMap<>();
        for (TableName table : server.sampledTables(reads.settings().maxTables())) {
            List<NodeSamples> samples;
            try {
                samples = server.samplesByNode(table.keyspace(), table.table());
            } catch (RuntimeException e) {
                // e.g. the table was dropped after the round: nothing to count
                log.debug("no sampled partitions of {}: {}", table, e.toString());
                continue;
            }
            for (NodeSamples node : samples) {
                Instant last = counted.get(node.node());
                if (last != null && !node.collectedAt().isAfter(last)) {
                    continue; // this report was counted in an earlier round
                }
                newest.merge(node.node(), node.collectedAt(), (a, b) -> a.isAfter(b) ? a : b);
                for (ServerHotKey key : node.keys()) {
                    add(reads, table, ring, partitioner, key.token(), key.reads());
                    add(writes, table, ring, partitioner, key.token(), key.writes());
                }
            }
        }
        counted.putAll(newest);
    }

    private static void add(
            HeatmapRegistry series,
            TableName table,
            TokenRing ring,
            Partitioner partitioner,
            String token,
            long count) {
        if (count <= 0) {
            return;
        }
        if (token == null) {
            series.recordUnplaced(table.keyspace(), table.table(), ring, count);
        } else {
            series.record(table.keyspace(), table.table(), ring, partitioner.parseToken(token), count);
        }
    }
}
