package io.ringmap.heatmap.peers;

import io.ringmap.heatmap.HeatmapRegistry;
import io.ringmap.heatmap.HeatmapSettings;
import io.ringmap.heatmap.HeatmapSource;
import io.ringmap.heatmap.SliceKey;
import io.ringmap.heatmap.TableHeatmap;
import io.ringmap.hotkeys.peers.DeploymentHotKeys;
import io.ringmap.hotkeys.peers.PeerState;
import io.ringmap.hotkeys.peers.SketchCounts;
import io.ringmap.peers.Contributors;
import io.ringmap.peers.PeerRefused;
import io.ringmap.peers.client.PeerClient;
import io.ringmap.peers.service.PeerFanout;
import io.ringmap.ring.TableName;
import io.ringmap.token.Token;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.ObjectReader;

/**
 * The heatmap of a whole deployment: this instance's counts of a table summed with those its peers send, and the
 * other side of the exchange ({@link #localHeatmap}). Counts are summed cell by cell only between instances whose
 * token buckets are the same (the same ring, the same {@code ringmap.heatmap.buckets}) and whose slices are equally
 * long; any other peer is named with the reason and left out, so a sum is never of different token ranges. Slices are
 * aligned to the epoch, so instances with synchronised clocks put a moment in the same slice. When clear keys are
 * shown, each slice's keys travel with its counts (asked with {@code keys=true}) and are summed by label, the
 * {@code ringmap.hotkeys.top-k} hottest kept; a slice from an instance of the version before them has none.
 *
 * <p>An answer is read with at most the JSON tokens of an honest one (the configured buckets and slices with their
 * keys, one table's sketch) and refused, named and not summed, when it holds more slices than the retention keeps, a
 * negative count, a slice not aligned to the slice length, more keys in a slice than the top K, a key without a label,
 * with a label longer than a tracked key's, twice in a slice or with negative hits.
 */
public final class DeploymentHeatmap implements HeatmapSource {

    /** The part of the peer channel a table's heatmap is asked at ({@code /actuator/peer/heatmap}). */
    public static final String PART = "heatmap";

    private final HeatmapRegistry registry;
    private final DeploymentHotKeys hotKeys;
    private final Supplier<String> ring;
    private final PeerFanout peers;
    private final int maxSlices;
    private final int keysPerSlice;
    private final ObjectReader json;

    /**
     * @param hotKeys the hot keys, null when hot-key tracking is off
     * @param ring    the content hash of the served snapshot, null before the first
     */
    public DeploymentHeatmap(
            HeatmapRegistry registry, @Nullable DeploymentHotKeys hotKeys, Supplier<String> ring, PeerFanout peers) {
        this.registry = Objects.requireNonNull(registry, "registry must not be null");
        this.hotKeys = hotKeys;
        this.ring = Objects.requireNonNull(ring, "ring must not be null");
        this.peers = Objects.requireNonNull(peers, "peers must not be null");
        this.maxSlices = registry.settings().slices();
        this.keysPerSlice = registry.settings().keysPerSlice();
        int buckets = registry.settings().buckets();
        // the ends, each slice's counts, keys (an object of two fields each) and fields, the envelope, and one table's
        // sketch
        long tokens = 64
                + buckets
                + (long) maxSlices * (buckets + 12 + 6L * keysPerSlice)
                + (hotKeys == null ? 0 : hotKeys.maxTokens(1));
        this.json = DeploymentHotKeys.mapper(tokens)
                .readerFor(PeerHeatmap.class)
                .withAttribute(SketchCounts.MAX_KEYS, hotKeys == null ? 0 : hotKeys.keysPerTable());
    }

    /**
     * What this instance sends a peer: its counts of the table and, with {@code keys}, each slice's keys when clear
     * keys are shown, and its sketch of the table (for instances of the version before per-slice keys).
     */
    public PeerHeatmap localHeatmap(String keyspace, String table, boolean keys) {
        boolean sliceKeys = keys && clearKeys();
        PeerHeatmap.Counts counts =
                registry.heatmap(keyspace, table).map(h -> counts(h, sliceKeys)).orElse(null);
        PeerState sketch = keys && hotKeys != null ? hotKeys.localTableState(new TableName(keyspace, table)) : null;
        return new PeerHeatmap(peers.instance().value(), ring.get(), counts, clearKeys(), sketch);
    }

    /** Whether clear keys may leave this instance: hot keys tracked, and shown in clear. */
    private boolean clearKeys() {
        return hotKeys != null && hotKeys.clearLabels();
    }

    /** The question for a table's heatmap, with the slices' keys when {@code keys}. */
    static String question(TableName table, boolean keys) {
        return PeerClient.target(
                PART, "keyspace", table.keyspace(), "table", table.table(), "keys", keys ? "true" : null);
    }

    @Override
    public Gathered heatmap(TableHeatmap local, boolean keys) {
        long deadline = peers.client().deadlineFromNow();
        TableName table = local.table();
        List<String> ends = ends(local);
        String here = ring.get();
        TableHeatmap[] sum = {local};
        Contributors contributors = peers.gatherForCaller(
                question(table, keys),
                body -> json.readValue(body),
                PeerHeatmap::instance,
                deadline,
                () -> {},
                (peer, answer) -> {
                    if (keys && Boolean.FALSE.equals(answer.clearKeys())) {
                        throw new PeerRefused("configured differently: it shows no clear keys, this instance does "
                                + "(ringmap.hotkeys.enabled, export-key and show-clear-keys must be the same on every "
                                + "instance)");
                    }
                    TableHeatmap theirs = counted(answer, local, ends, here, keys);
                    if (theirs != null) {
                        // the same layout and slice length: cannot fail
                        sum[0] = sum[0].merge(theirs, keysPerSlice);
                    }
                });
        return new Gathered(sum[0], contributors);
    }

    /** The peer's counts on the local layout, null when it has none, refused when they are not on the same cells. */
    private TableHeatmap counted(PeerHeatmap answer, TableHeatmap local, List<String> ends, String here, boolean keys) {
        PeerHeatmap.Counts counts = answer.counts();
        if (counts == null) {
            return null;
        }
        if (counts.sliceMillis() != local.sliceMillis()) {
            throw new PeerRefused("configured differently: slices of " + counts.sliceMillis()
                    + " ms there, " + local.sliceMillis() + " ms here (ringmap.heatmap.slice must be the same on "
                    + "every instance)");
        }
        if (!ends.equals(counts.ends())) {
            throw new PeerRefused("not summed: it counts on other token buckets ("
                    + (counts.ends() == null ? 0 : counts.ends().size()) + " there, " + ends.size() + " here; its "
                    + "ring " + shortHash(answer.ring()) + ", this instance's " + shortHash(here) + "): one of the "
                    + "two has not seen a ring change yet, or ringmap.heatmap.buckets differs");
        }
        if (counts.slices() == null) {
            throw new PeerRefused("unreadable answer: counts without slices");
        }
        if (counts.slices().size() > maxSlices) {
            throw new PeerRefused("refused: " + counts.slices().size() + " slices, the retention keeps " + maxSlices
                    + " (ringmap.heatmap.slices)");
        }
        List<TableHeatmap.Slice> slices = new ArrayList<>(counts.slices().size());
        for (PeerHeatmap.Slice s : counts.slices()) {
            if (s == null || s.counts() == null) {
                throw new PeerRefused("unreadable answer: a slice without counts");
            }
            // what TableHeatmap itself requires, checked here so that its exceptions stay a bug's
            if (s.counts().length != local.layout().size()) {
                throw new PeerRefused("unreadable answer: slice " + slices.size() + " has " + s.counts().length
                        + " counts, the layout " + local.layout().size() + " buckets");
            }
            if (!slices.isEmpty() && slices.get(slices.size() - 1).startMillis() >= s.start()) {
                throw new PeerRefused("unreadable answer: slices must be in ascending order of start");
            }
            if (s.start() % local.sliceMillis() != 0) {
                throw new PeerRefused(
                        "refused: a slice starting at " + s.start() + ", not a multiple of the slice " + "length");
            }
            for (long c : s.counts()) {
                if (c < 0) {
                    throw new PeerRefused("refused: a negative count");
                }
            }
            slices.add(new TableHeatmap.Slice(s.start(), s.counts(), 0, keys ? keys(s) : List.of()));
        }
        return new TableHeatmap(local.table(), local.layout(), local.sliceMillis(), slices);
    }

    /** A peer's keys of one slice, checked against what an honest instance with these settings sends. */
    private List<SliceKey> keys(PeerHeatmap.Slice s) {
        if (s.keys() == null) {
            return List.of(); // an instance of the version before per-slice keys, or one that shows no clear keys
        }
        if (s.keys().size() > keysPerSlice) {
            throw new PeerRefused("refused: " + s.keys().size() + " keys in the slice starting at " + s.start()
                    + ", a slice keeps at most " + keysPerSlice + " (ringmap.hotkeys.top-k must be the same on "
                    + "every instance)");
        }
        List<SliceKey> out = new ArrayList<>(s.keys().size());
        Set<String> seen = new HashSet<>();
        for (PeerHeatmap.Key k : s.keys()) {
            if (k == null || k.label() == null || k.label().isEmpty()) {
                throw new PeerRefused("unreadable answer: a slice's key without a label");
            }
            if (k.label().length() > HeatmapSettings.MAX_LABEL_LENGTH) {
                throw new PeerRefused("refused: a slice's key label of "
                        + k.label().length() + " characters, more than " + HeatmapSettings.MAX_LABEL_LENGTH);
            }
            if (k.hits() < 0) {
                throw new PeerRefused("refused: a slice's key with negative hits");
            }
            if (!seen.add(k.label())) {
                throw new PeerRefused("refused: a key twice in the slice starting at " + s.start());
            }
            out.add(new SliceKey(k.label(), k.hits()));
        }
        out.sort(SliceKey.HOTTEST_FIRST);
        return out;
    }

    private static PeerHeatmap.Counts counts(TableHeatmap heatmap, boolean keys) {
        return new PeerHeatmap.Counts(
                heatmap.sliceMillis(),
                ends(heatmap),
                heatmap.slices().stream()
                        .map(s -> new PeerHeatmap.Slice(
                                s.startMillis(),
                                s.counts(),
                                keys
                                        ? s.keys().stream()
                                                .map(k -> new PeerHeatmap.Key(k.label(), k.hits()))
                                                .toList()
                                        : null))
                        .toList());
    }

    private static List<String> ends(TableHeatmap heatmap) {
        return heatmap.layout().ends().stream().map(Token::toString).toList();
    }

    private static String shortHash(String hash) {
        return hash == null ? "(none yet)" : hash.substring(0, Math.min(12, hash.length()));
    }
}
