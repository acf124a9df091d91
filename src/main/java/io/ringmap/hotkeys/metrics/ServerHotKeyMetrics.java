package io.ringmap.hotkeys.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.ringmap.hotkeys.KeyExporter;
import io.ringmap.hotkeys.KeyLabels;
import io.ringmap.hotkeys.ServerHotKeys;
import io.ringmap.hotkeys.ServerHotKeys.ServerHotKey;
import io.ringmap.ring.TableName;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes the servers' sampled hot partitions as {@value #SAMPLED} gauges beside the client-side
 * {@value HotKeyMetrics#HOTKEY_HITS}: {@code ringmap_hotkey_sampled{keyspace, table, partition, source, operation}},
 * the reads or writes the nodes counted for a partition during the last sampling period, summed over nodes.
 *
 * <p>Bounded like the client side: at most {@code topK} partitions per table and {@code maxTables} tables, so at
 * most {@code 2 × topK × maxTables} series, all replaced when a new round is published. The partition tag follows
 * {@code ringmap.hotkeys.export-key} exactly as client keys do: the key's client label (the same text a client hit on
 * that key exports), hashed with the same salt in {@code hash} mode, so one key has one partition value on both
 * sides; a key the schema cannot decode is exported from Cassandra's text of it, hashed likewise.
 */
public final class ServerHotKeyMetrics implements MeterBinder {

    public static final String SAMPLED = "ringmap.hotkey.sampled";
    static final String SOURCE = "source";
    static final String OPERATION = "operation";

    private static final Logger log = LoggerFactory.getLogger(ServerHotKeyMetrics.class);

    private final Supplier<ServerHotKeys> server;
    private final KeyExporter exporter;
    private final int topK;
    private final int maxTables;
    private final int maxLabelLength;
    private MultiGauge sampled;
    private Object round;

    /**
     * @param server         the servers' sampled keys, or a supplier of null when nobody collects them
     * @param maxLabelLength labels are shortened as client labels are ({@link KeyLabels#bounded})
     */
    public ServerHotKeyMetrics(
            Supplier<ServerHotKeys> server, KeyExporter exporter, int topK, int maxTables, int maxLabelLength) {
        this.server = Objects.requireNonNull(server, "server must not be null");
        this.exporter = Objects.requireNonNull(exporter, "exporter must not be null");
        if (topK < 1 || maxTables < 1) {
            throw new IllegalArgumentException(
                    "topK and maxTables must be at least 1, were " + topK + " and " + maxTables);
        }
        this.topK = topK;
        this.maxTables = maxTables;
        this.maxLabelLength = maxLabelLength;
    }

    @Override
    public synchronized void bindTo(MeterRegistry registry) {
        if (sampled != null) {
            throw new IllegalStateException("server hot-key metrics are already bound to a registry");
        }
        sampled = MultiGauge.builder(SAMPLED)
                .description("Reads or writes of a partition the nodes sampled (as nodetool toppartitions) in the "
                        + "last sampling period, summed over nodes: each table's top K")
                .register(registry);
        sync();
    }

    /** Replaces the series with the current round's samples when a new round was published. */
    public synchronized void sync() {
        ServerHotKeys keys = server.get();
        if (sampled == null || keys == null) {
            return;
        }
        Object current = keys.round();
        if (current == round) {
            return;
        }
        List<MultiGauge.Row<?>> rows = new ArrayList<>();
        for (TableName table : keys.sampledTables(maxTables)) {
            Tags tags = Tags.of(
                    HotKeyMetrics.KEYSPACE,
                    table.keyspace(),
                    HotKeyMetrics.TABLE,
                    table.table(),
                    SOURCE,
                    ServerHotKeys.SERVER_SAMPLING);
            List<ServerHotKey> hot;
            try {
                hot = keys.of(table.keyspace(), table.table(), topK);
            } catch (RuntimeException e) {
                // e.g. the table was dropped after the round, or no ring snapshot: leave the table out
                log.debug("no sampled partitions of {}: {}", table, e.toString());
                continue;
            }
            for (ServerHotKey key : hot) {
                Tags keyTags = tags.and(HotKeyMetrics.PARTITION, partition(key));
                if (key.reads() > 0) {
                    rows.add(MultiGauge.Row.of(keyTags.and(OPERATION, "read"), key.reads()));
                }
                if (key.writes() > 0) {
                    rows.add(MultiGauge.Row.of(keyTags.and(OPERATION, "write"), key.writes()));
                }
            }
        }
        sampled.register(rows, true);
        round = current;
    }

    /** The exported partition value: the client label's exported form, or Cassandra's text of an undecodable key. */
    String partition(ServerHotKey key) {
        String label = key.label() != null ? key.label() : key.key();
        return exporter.export(KeyLabels.bounded(label, maxLabelLength));
    }
}
