package io.ringmap.heatmap.service;

import io.ringmap.heatmap.BucketLayout;
import io.ringmap.heatmap.HeatmapRegistry;
import io.ringmap.heatmap.HeatmapSettings;
import io.ringmap.heatmap.HeatmapSource;
import io.ringmap.heatmap.SliceKey;
import io.ringmap.heatmap.TableHeatmap;
import io.ringmap.hotkeys.SaturatingCounter;
import io.ringmap.hotkeys.service.HotKeyQuery;
import io.ringmap.peers.Contributors;
import io.ringmap.problem.InvalidParameterException;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Node;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.RingSnapshot;
import io.ringmap.ring.TableName;
import io.ringmap.ring.TokenRing;
import io.ringmap.routing.KeyRoute;
import io.ringmap.routing.RoutingService;
import io.ringmap.schema.TableSchema;
import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.token.Token;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Answers {@code GET /heatmap}: one table's counts over a time window on ring-aligned token buckets, each bucket with
 * its replicas on the served ring and, where clear keys may be shown, each slice's keys (the tracked keys' hits during
 * it) placed in the bucket of their token, and the bucket's hottest keys over the window summed from those.
 */
public class HeatmapQuery {

    /** Keys named per bucket over the window at most. */
    static final int KEYS_PER_BUCKET = 5;

    private final RoutingService routing;
    private final HeatmapRegistry heatmaps;
    private final Supplier<HotKeyQuery> hotKeys;
    private final HeatmapSource deployment;
    private final ServerSeries server;
    private final boolean clearKeys;
    private final Clock clock;

    /**
     * @param hotKeys    the hot-key service (it routes a key's label to its token), or a supplier of null when hot keys
     *                   are not tracked
     * @param clearKeys  whether clear keys may be shown ({@code GET /hotkeys} shows them): otherwise no slice or
     *                   bucket names a key, since a hashed label must not be joined with a token range
     * @param deployment the counts of every instance summed, or null when this instance has no peers
     * @param server     the servers' sampled reads and writes, or null when no partition sampling runs
     */
    public HeatmapQuery(
            RoutingService routing,
            HeatmapRegistry heatmaps,
            Supplier<HotKeyQuery> hotKeys,
            boolean clearKeys,
            HeatmapSource deployment,
            ServerSeries server,
            Clock clock) {
        this.routing = Objects.requireNonNull(routing, "routing must not be null");
        this.heatmaps = Objects.requireNonNull(heatmaps, "heatmaps must not be null");
        this.hotKeys = Objects.requireNonNull(hotKeys, "hotKeys must not be null");
        this.deployment = deployment;
        this.server = server;
        this.clearKeys = clearKeys;
        this.clock = Objects.requireNonNull(clock, "clock must not be null");
    }

    /** Whether slices and buckets name keys, and why not. */
    public enum KeysShown {
        /** keys are shown in clear in each slice and bucket */
        CLEAR,
        /** keys are hashed ({@code export-key: hash}): a hashed label is never joined with a token range */
        HASHED,
        /** hot keys are not tracked ({@code ringmap.hotkeys.enabled=false}) */
        NOT_TRACKED,
        /** server samples: the sampled partitions are in {@code GET /hotkeys} ({@code serverSide}), not in buckets */
        SERVER_SIDE
    }

    /** What the cells count. */
    public enum Source {
        /** client hits: lookups that count and POST /hits, summed over the deployment's instances */
        CLIENT,
        /** reads the servers sampled (JMX partition sampling), the cluster's own counts */
        READS,
        /** writes the servers sampled likewise */
        WRITES;

        /**
         * The source named: {@code client}, {@code reads} or {@code writes}.
         *
         * @throws InvalidParameterException for anything else
         */
        public static Source of(String source) {
            return switch (source) {
                case "client" -> CLIENT;
                case "reads" -> READS;
                case "writes" -> WRITES;
                default -> throw new InvalidParameterException("source", "source must be client, reads or writes");
            };
        }
    }

    /**
     * One token bucket with its figures over the window.
     *
     * @param hotKeys the keys whose token is in the bucket, hottest over the window first (their hits summed over the
     *                window's slices), at most {@link #KEYS_PER_BUCKET}; empty unless keys are shown in clear
     */
    public record Bucket(
            int index, Token start, Token end, double ringShare, List<Node> replicas, long hits, List<Key> hotKeys) {}

    /**
     * One time slice: its start, each bucket's count (indexed like the buckets), the count of keys whose token is
     * unknown (server samples of keys the schema could not decode; 0 for client hits), and its hottest keys.
     *
     * @param keys the tracked keys' hits during the slice with their buckets, hottest first; empty unless keys are
     *             shown in clear. A key whose label no longer names a key of the table (shortened, or the schema
     *             changed) has no token and is left out.
     */
    public record Slice(Instant start, long[] counts, long unplaced, List<Key> keys) {}

    /**
     * A key's hits, in the bucket of its token.
     *
     * @param label  the key's clear label
     * @param hits   hits counted while it was among the table's tracked keys (top K), summed over the instances
     * @param bucket the index of the bucket holding its token
     */
    public record Key(String label, long hits, int bucket) {}

    /** A table's heatmap over the window. */
    public record Answer(
            ServedSnapshot served,
            TableSchema table,
            HeatmapSettings settings,
            Duration window,
            Instant from,
            Instant to,
            Source source,
            List<Bucket> buckets,
            List<Slice> slices,
            long maxCount,
            long hits,
            long unplaced,
            KeysShown keysShown,
            Contributors contributors) {}

    private ServerSeries requireServer() {
        if (server == null) {
            throw new ServerSamplesUnavailableException();
        }
        return server;
    }

    /** The counts' settings: the most buckets an answer may have, and its longest window (the retention). */
    public HeatmapSettings settings() {
        return heatmaps.settings();
    }

    /**
     * The table's heatmap over the last {@code window} (at most the retention, at least one slice) on at most
     * {@code buckets} buckets. Client hits are the deployment's (this instance's counts summed with its peers') unless
     * {@code local}; the servers' samples are the cluster's own counts, the same on every instance, never summed.
     *
     * @throws ServerSamplesUnavailableException for the server sources where no partition sampling runs
     */
    public Answer heatmap(String keyspace, String table, int buckets, Duration window, boolean local, Source source) {
        HeatmapRegistry series = switch (source) {
            case CLIENT -> heatmaps;
            case READS -> requireServer().reads();
            case WRITES -> requireServer().writes();
        };
        ServedSnapshot served = routing.snapshot();
        TableSchema schema = routing.table(served, keyspace, table);
        HeatmapSettings settings = heatmaps.settings();
        long sliceMillis = settings.slice().toMillis();
        long now = clock.millis();
        long newestSlice = Math.floorDiv(now, sliceMillis);
        long sliceCount = Math.max(1, Math.min(settings.slices(), (window.toMillis() + sliceMillis - 1) / sliceMillis));
        long firstSlice = newestSlice - sliceCount + 1;
        TokenRing ring = served.tokenRing();
        TableHeatmap own = series.heatmap(schema.keyspace(), schema.table())
                .orElseGet(() -> new TableHeatmap(
                        new TableName(schema.keyspace(), schema.table()),
                        BucketLayout.aligned(ring, settings.buckets()),
                        sliceMillis,
                        List.of()));
        HotKeyQuery hotKeyQuery = source == Source.CLIENT ? hotKeys.get() : null;
        KeysShown shown = hotKeyQuery == null
                ? (source == Source.CLIENT ? KeysShown.NOT_TRACKED : KeysShown.SERVER_SIDE)
                : clearKeys ? KeysShown.CLEAR : KeysShown.HASHED;
        // a hashed label is never joined with a token range: the peers' keys are not even asked for
        boolean wantKeys = shown == KeysShown.CLEAR;
        HeatmapSource.Gathered gathered = local || deployment == null || source != Source.CLIENT
                ? new HeatmapSource.Gathered(own, Contributors.LOCAL)
                : deployment.heatmap(own, wantKeys);
        TableHeatmap counted = gathered.heatmap().coarsen(buckets);
        BucketLayout layout = counted.layout();
        // every slice of the window, the empty ones as zeros, so the time axis has no gaps
        List<Slice> slices = new ArrayList<>((int) sliceCount);
        long[] bucketHits = new long[layout.size()];
        long max = 0;
        long total = 0;
        long unplaced = 0;
        int next = 0;
        // each label's bucket, routed once per answer; a label without a token maps to -1
        Function<String, KeyRoute> router = wantKeys ? hotKeyQuery.router(served, schema) : null;
        Map<String, Integer> bucketOf = new HashMap<>();
        List<Map<String, Long>> windowKeys = new ArrayList<>(layout.size());
        for (int b = 0; b < layout.size(); b++) {
            windowKeys.add(new HashMap<>());
        }
        for (long s = firstSlice; s <= newestSlice; s++) {
            long start = s * sliceMillis;
            while (next < counted.slices().size() && counted.slices().get(next).startMillis() < start) {
                next++;
            }
            boolean hit =
                    next < counted.slices().size() && counted.slices().get(next).startMillis() == start;
            long[] counts = hit ? counted.slices().get(next).counts() : new long[layout.size()];
            long sliceUnplaced = hit ? counted.slices().get(next).unplaced() : 0;
            unplaced += sliceUnplaced;
            for (int b = 0; b < counts.length; b++) {
                bucketHits[b] += counts[b];
                max = Math.max(max, counts[b]);
                total += counts[b];
            }
            List<Key> keys = new ArrayList<>();
            if (hit && router != null) {
                for (SliceKey k : counted.slices().get(next).keys()) {
                    int bucket = bucketOf.computeIfAbsent(k.label(), label -> {
                        KeyRoute route = router.apply(label);
                        return route == null ? -1 : layout.bucketOf(route.token());
                    });
                    if (bucket >= 0) {
                        keys.add(new Key(k.label(), k.hits(), bucket));
                        windowKeys.get(bucket).merge(k.label(), k.hits(), SaturatingCounter::add);
                    }
                }
            }
            slices.add(new Slice(Instant.ofEpochMilli(start), counts, sliceUnplaced, List.copyOf(keys)));
        }
        List<List<Node>> replicas = replicas(served.ring(), schema.keyspace(), layout);
        List<Bucket> out = new ArrayList<>(layout.size());
        for (int b = 0; b < layout.size(); b++) {
            out.add(new Bucket(
                    b,
                    layout.start(b),
                    layout.end(b),
                    ring.partitioner().ringShare(layout.start(b), layout.end(b)),
                    replicas.get(b),
                    bucketHits[b],
                    hottest(windowKeys.get(b), b)));
        }
        return new Answer(
                served,
                schema,
                settings,
                Duration.ofMillis(sliceCount * sliceMillis),
                Instant.ofEpochMilli(firstSlice * sliceMillis),
                Instant.ofEpochMilli((newestSlice + 1) * sliceMillis),
                source,
                out,
                slices,
                max,
                total,
                unplaced,
                shown,
                gathered.contributors());
    }

    /** Each bucket's replicas on the served ring: every node replicating a part of it, in ring order of the parts. */
    private static List<List<Node>> replicas(RingSnapshot snapshot, String keyspace, BucketLayout layout) {
        List<List<Node>> out = new ArrayList<>(layout.size());
        KeyspacePlacement placement = snapshot.keyspace(keyspace).orElse(null);
        if (!(placement instanceof KeyspacePlacement.Placed placed)) {
            for (int b = 0; b < layout.size(); b++) {
                out.add(List.of()); // a keyspace whose replication cannot be placed has tokens, not replicas
            }
            return out;
        }
        TokenRing ring = snapshot.tokenRing();
        List<Set<Integer>> nodes = new ArrayList<>(layout.size());
        for (int b = 0; b < layout.size(); b++) {
            nodes.add(new LinkedHashSet<>());
        }
        // a ring range (t[i-1], t[i]] reaches every bucket from the one holding t[i-1] (exclusive) to the one of t[i]
        for (int i = 0; i < ring.size(); i++) {
            add(nodes.get(layout.bucketOf(ring.tokenAt(i))), placed.replicasAt(i));
        }
        for (int b = 0; b < layout.size(); b++) {
            add(nodes.get(b), placed.replicasAt(ring.primaryIndex(layout.end(b))));
        }
        for (Set<Integer> set : nodes) {
            out.add(set.stream().map(ring.nodes()::get).toList());
        }
        return out;
    }

    private static void add(Set<Integer> to, ReplicaSet set) {
        for (int r = 0; r < set.size(); r++) {
            to.add(set.node(r));
        }
    }

    /** A bucket's keys over the window, hottest first, at most {@link #KEYS_PER_BUCKET}. */
    private static List<Key> hottest(Map<String, Long> byLabel, int bucket) {
        return SliceKey.hottest(byLabel, KEYS_PER_BUCKET).stream()
                .map(k -> new Key(k.label(), k.hits(), bucket))
                .toList();
    }
}
