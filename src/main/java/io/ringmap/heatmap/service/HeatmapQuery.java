package io.ringmap.heatmap.service;

import io.ringmap.heatmap.BucketLayout;
import io.ringmap.heatmap.HeatmapRegistry;
import io.ringmap.heatmap.HeatmapSettings;
import io.ringmap.heatmap.HeatmapSource;
import io.ringmap.heatmap.TableHeatmap;
import io.ringmap.hotkeys.HotKey;
import io.ringmap.hotkeys.TableHotKeys;
import io.ringmap.hotkeys.service.HotKeyQuery;
import io.ringmap.peers.Contributors;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Node;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.RingSnapshot;
import io.ringmap.ring.TableName;
import io.ringmap.ring.TokenRing;
import io.ringmap.routing.RoutingService;
import io.ringmap.schema.TableSchema;
import io.ringmap.snapshot.ServedSnapshot;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Answers {@code GET /heatmap}: one table's counts over a time window on ring-aligned token buckets, each bucket with
 * its replicas on the served ring and, where clear keys may be shown, the hot keys whose tokens fall in it.
 */
public class HeatmapQuery {

    /** Hot keys named per bucket at most. */
    static final int KEYS_PER_BUCKET = 5;

    private final RoutingService routing;
    private final HeatmapRegistry heatmaps;
    private final Supplier<HotKeyQuery> hotKeys;
    private final HeatmapSource deployment;
    private final ServerSeries server;
    private final boolean clearKeys;
    private final int hotKeysConsidered;
    private final Clock clock;

    /**
     * @param hotKeys           the hot-key service, or a supplier of null when hot keys are not tracked
     * @param clearKeys         whether clear keys may be shown ({@code GET /hotkeys} shows them): otherwise no
     *                          bucket names a key, since a hashed label must not be joined with a token range
     * @param hotKeysConsidered the table's hottest keys placed in buckets
     * @param deployment        the counts of every instance summed, or null when this instance has no peers
     * @param server            the servers' sampled reads and writes, or null when no partition sampling runs
     */
    public HeatmapQuery(
            RoutingService routing,
            HeatmapRegistry heatmaps,
            Supplier<HotKeyQuery> hotKeys,
            boolean clearKeys,
            int hotKeysConsidered,
            HeatmapSource deployment,
            ServerSeries server,
            Clock clock) {
        this.routing = Objects.requireNonNull(routing, "routing must not be null");
        this.heatmaps = Objects.requireNonNull(heatmaps, "heatmaps must not be null");
        this.hotKeys = Objects.requireNonNull(hotKeys, "hotKeys must not be null");
        this.deployment = deployment;
        this.server = server;
        this.clearKeys = clearKeys;
        this.hotKeysConsidered = hotKeysConsidered;
        this.clock = Objects.requireNonNull(clock, "clock must not be null");
    }

    /** Why bucket names carry no key. */
    public enum KeysShown {
        /** keys are shown in clear in each bucket */
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
        WRITES
    }

    /** One token bucket with its figures over the window. */
    public record Bucket(
            int index,
            io.ringmap.token.Token start,
            io.ringmap.token.Token end,
            double ringShare,
            List<Node> replicas,
            long hits,
            List<HotKey> hotKeys) {}

    /**
     * One time slice: its start, each bucket's count (indexed like the buckets), and the count of keys whose token is
     * unknown (server samples of keys the schema could not decode; 0 for client hits).
     */
    public record Slice(Instant start, long[] counts, long unplaced) {}

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

    /** The most buckets an answer may have: {@code ringmap.heatmap.buckets}. */
    public int maxBuckets() {
        return heatmaps.settings().buckets();
    }

    /** The retention: the longest window an answer may cover. */
    public Duration retention() {
        return heatmaps.settings().retention();
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
        // a hashed label is never joined with a token range: the sketches are not even asked for
        boolean wantKeys = hotKeyQuery != null && clearKeys;
        HeatmapSource.Gathered gathered = local || deployment == null || source != Source.CLIENT
                ? new HeatmapSource.Gathered(own, null, Contributors.LOCAL)
                : deployment.heatmap(own, wantKeys, hotKeysConsidered);
        TableHeatmap counted = gathered.heatmap().coarsen(buckets);
        BucketLayout layout = counted.layout();
        // every slice of the window, the empty ones as zeros, so the time axis has no gaps
        List<Slice> slices = new ArrayList<>((int) sliceCount);
        long[] bucketHits = new long[layout.size()];
        long max = 0;
        long total = 0;
        long unplaced = 0;
        int next = 0;
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
            slices.add(new Slice(Instant.ofEpochMilli(start), counts, sliceUnplaced));
        }
        List<List<Node>> replicas = replicas(served.ring(), schema.keyspace(), layout);
        List<List<HotKey>> keys = hotKeys(hotKeyQuery, served, schema, layout, gathered.hotKeys());
        KeysShown shown = keys == null
                ? (source == Source.CLIENT ? KeysShown.NOT_TRACKED : KeysShown.SERVER_SIDE)
                : clearKeys ? KeysShown.CLEAR : KeysShown.HASHED;
        List<Bucket> out = new ArrayList<>(layout.size());
        for (int b = 0; b < layout.size(); b++) {
            out.add(new Bucket(
                    b,
                    layout.start(b),
                    layout.end(b),
                    ring.partitioner().ringShare(layout.start(b), layout.end(b)),
                    replicas.get(b),
                    bucketHits[b],
                    keys == null || !clearKeys ? List.of() : keys.get(b)));
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

    /**
     * The table's hot keys by bucket (the keys routed again on the served ring), or null when none are tracked.
     *
     * @param gathered the deployment's hot keys of the table, or null for this instance's
     */
    private List<List<HotKey>> hotKeys(
            HotKeyQuery query, ServedSnapshot served, TableSchema schema, BucketLayout layout, TableHotKeys gathered) {
        if (query == null) {
            return null;
        }
        List<List<HotKey>> out = new ArrayList<>(layout.size());
        for (int b = 0; b < layout.size(); b++) {
            out.add(new ArrayList<>());
        }
        if (!clearKeys) {
            return out; // nothing joins a hashed label with a token: the sketch is not even read
        }
        // the keys of the instances whose counts the heatmap holds: this one's alone, or the gathered ones
        HotKeyQuery.TableReport report = gathered != null
                ? query.report(served, schema, gathered)
                : query.hotKeys(schema.keyspace(), schema.table(), hotKeysConsidered, true)
                        .tables()
                        .get(0);
        for (HotKeyQuery.RoutedHotKey k : report.keys()) {
            if (k.route() != null) {
                List<HotKey> in = out.get(layout.bucketOf(k.route().token()));
                if (in.size() < KEYS_PER_BUCKET) {
                    in.add(k.hotKey());
                }
            }
        }
        return out;
    }
}
