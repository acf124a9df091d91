package io.ringmap.hotkeys.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.ringmap.hotkeys.HitCounter;
import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.ReplicaHits;
import io.ringmap.hotkeys.TopKCounters;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Publishes the hot-key core into a {@link MeterRegistry}: one {@value #HOTKEY_HITS} function counter per current
 * top-K key and per table's {@code _other}, and one {@value #REPLICA_HITS} per replica node.
 *
 * <p>The meters read the core's exact counters, so the hit path costs nothing extra. {@link #sync()} reconciles
 * the registered meters with the core: meters of keys that left the top K are removed from the registry, keys that
 * entered get a new meter whose counter starts at zero. Call {@link #refreshAndSync()} about once a second.
 */
public final class HotKeyMetrics implements MeterBinder {

    public static final String HOTKEY_HITS = "ringmap.hotkey.hits";
    public static final String REPLICA_HITS = "ringmap.replica.hits";
    public static final String DROPPED_HITS = "ringmap.hotkey.dropped.hits";
    static final String KEYSPACE = "keyspace";
    static final String TABLE = "table";
    static final String PARTITION = "partition";
    static final String REPLICA = "replica";
    static final String DATACENTER = "datacenter";
    static final String RACK = "rack";

    private final HotKeyRegistry hotKeys;
    private final ReplicaHits replicas;
    private final Function<String, ReplicaPlacement> placements;
    // keyed by counter identity: a key re-entering the top K has a new counter and needs a new meter
    private final Map<HitCounter, Meter> keyMeters = new IdentityHashMap<>();
    private final Map<HitCounter, Registered> replicaMeters = new IdentityHashMap<>();
    private MeterRegistry registry;

    /**
     * @param placements data center and rack of a replica node id; return {@link ReplicaPlacement#UNKNOWN} (never
     *                   null) for a node the topology does not know
     */
    public HotKeyMetrics(HotKeyRegistry hotKeys, ReplicaHits replicas, Function<String, ReplicaPlacement> placements) {
        this.hotKeys = Objects.requireNonNull(hotKeys, "hotKeys must not be null");
        this.replicas = Objects.requireNonNull(replicas, "replicas must not be null");
        this.placements = Objects.requireNonNull(placements, "placements must not be null");
    }

    @Override
    public synchronized void bindTo(MeterRegistry registry) {
        if (this.registry != null) {
            throw new IllegalStateException("hot-key metrics are already bound to a registry");
        }
        this.registry = registry;
        FunctionCounter.builder(DROPPED_HITS, hotKeys, HotKeyRegistry::droppedHits)
                .description("Hits of tables beyond ringmap.hotkeys max tables, not tracked")
                .register(registry);
        sync();
    }

    /** Recomputes every table's top K, then {@link #sync()}. */
    public synchronized void refreshAndSync() {
        hotKeys.refresh();
        sync();
    }

    /** Makes the registered meters match the core's current top K and replica set. */
    public synchronized void sync() {
        if (registry == null) {
            return;
        }
        syncHotKeys();
        syncReplicas();
    }

    private void syncHotKeys() {
        Map<HitCounter, Tags> wanted = new IdentityHashMap<>();
        for (TopKCounters table : hotKeys.counters()) {
            Tags tableTags = Tags.of(
                    KEYSPACE, table.table().keyspace(), TABLE, table.table().table());
            for (HitCounter counter : table.keys()) {
                wanted.put(counter, tableTags.and(PARTITION, counter.key()));
            }
            wanted.put(table.other(), tableTags.and(PARTITION, table.other().key()));
        }
        // remove first: a key that left and re-entered keeps its tags, and registering those tags again while the
        // old meter exists would hand back the old meter bound to the old counter
        for (HitCounter counter : new ArrayList<>(keyMeters.keySet())) {
            if (!wanted.containsKey(counter)) {
                registry.remove(keyMeters.remove(counter));
            }
        }
        wanted.forEach((counter, tags) -> keyMeters.computeIfAbsent(
                counter,
                c -> FunctionCounter.builder(HOTKEY_HITS, c, HitCounter::count)
                        .tags(tags)
                        .description("Hits per partition key: the table's current top K, the rest under _other")
                        .register(registry)));
    }

    private void syncReplicas() {
        List<HitCounter> counters = replicas.counters();
        Map<HitCounter, Tags> wanted = new IdentityHashMap<>();
        for (HitCounter counter : counters) {
            ReplicaPlacement placement =
                    Objects.requireNonNullElse(placements.apply(counter.key()), ReplicaPlacement.UNKNOWN);
            // "replica" and "datacenter", not "node" and "dc": Kubernetes scrapes add their own node label, and the API
            // says datacenter
            wanted.put(counter, Tags.of(REPLICA, counter.key(), DATACENTER, placement.dc(), RACK, placement.rack()));
        }
        for (HitCounter counter : new ArrayList<>(replicaMeters.keySet())) {
            Tags tags = wanted.get(counter);
            if (tags == null || !tags.equals(replicaMeters.get(counter).tags)) {
                registry.remove(replicaMeters.remove(counter).meter); // gone, or moved to another dc/rack
            }
        }
        wanted.forEach((counter, tags) -> replicaMeters.computeIfAbsent(
                counter,
                c -> new Registered(
                        tags,
                        FunctionCounter.builder(REPLICA_HITS, c, HitCounter::count)
                                .tags(tags)
                                .description("Looked-up partitions per replica node")
                                .register(registry))));
    }

    private record Registered(Tags tags, Meter meter) {}
}
