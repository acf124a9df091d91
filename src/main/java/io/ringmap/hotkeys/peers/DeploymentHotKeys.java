package io.ringmap.hotkeys.peers;

import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.HotKeySource;
import io.ringmap.hotkeys.KeyExporter;
import io.ringmap.hotkeys.ReplicaHits;
import io.ringmap.hotkeys.SaturatingCounter;
import io.ringmap.hotkeys.SketchMerge;
import io.ringmap.hotkeys.TableSketch;
import io.ringmap.peers.Contributors;
import io.ringmap.peers.PeerRefused;
import io.ringmap.peers.client.PeerClient;
import io.ringmap.peers.service.PeerFanout;
import io.ringmap.peers.web.PeerPart;
import io.ringmap.ring.TableName;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.json.JsonMapper;

/**
 * The hot keys and replica hits of a whole deployment: this instance's counts merged with those its peers send, and
 * the other side of the exchange ({@link #localState}). Items leave the process as clear labels only when clear keys are shown;
 * otherwise as their exported form (the keyed hash, the same salt on every instance), so the same key merges across
 * instances and no clear key is on the wire.
 *
 * <p>A peer's answer is believed only as far as an honest instance with the same settings could send it: it is read
 * with at most the JSON tokens of the tables asked for at the sketch's capacity ({@link #maxTokens}), and refused
 * ({@link PeerRefused}, named, nothing of it merged) when it carries a table not asked for, more keys than a sketch
 * holds, a key counted above its table's hits, an error above the hits, or more replica nodes than an instance
 * counts.
 */
public final class DeploymentHotKeys implements HotKeySource {

    private final String instance;
    private final HotKeyRegistry registry;
    private final ReplicaHits replicas;
    private final KeyExporter exporter;
    private final boolean clearLabels;
    private final PeerFanout peers;
    /** Keys a sketch of one table holds at most: 0.75 × max-map-size (DataSketches' ItemsSketch load factor). */
    private final int keysPerTable;

    private final int maxTables;
    private final int maxLabelLength;
    private final int maxReplicaNodes;
    private final JsonMapper oneTable;
    private final JsonMapper everyTable;
    private final JsonMapper replicasOnly;

    /**
     * @param clearLabels whether clear keys may leave the process ({@code HotKeysProperties.clearKeysShown()})
     * @param peers       how the peers are asked
     */
    public DeploymentHotKeys(
            HotKeyRegistry registry,
            ReplicaHits replicas,
            KeyExporter exporter,
            boolean clearLabels,
            PeerFanout peers) {
        this.registry = Objects.requireNonNull(registry, "registry must not be null");
        this.replicas = Objects.requireNonNull(replicas, "replicas must not be null");
        this.exporter = Objects.requireNonNull(exporter, "exporter must not be null");
        this.clearLabels = clearLabels;
        this.peers = Objects.requireNonNull(peers, "peers must not be null");
        this.instance = peers.instance().value();
        this.keysPerTable = registry.settings().maxMapSize() / 4 * 3;
        this.maxTables = registry.settings().maxTables();
        this.maxLabelLength = registry.settings().maxLabelLength();
        this.maxReplicaNodes = replicas.maxNodes();
        this.oneTable = mapper(maxTokens(1));
        this.everyTable = mapper(maxTokens(maxTables));
        this.replicasOnly = mapper(maxTokens(0));
    }

    /**
     * The JSON tokens of an honest answer with {@code tables} full sketches and every replica node counted: per key
     * a name and a number, per table its fields and braces, per node a name and a number, and the envelope.
     */
    public long maxTokens(int tables) {
        return 32 + (long) tables * (2L * keysPerTable + 16) + 2L * maxReplicaNodes;
    }

    /** The peer channel's reader of answers of at most {@code maxTokens} JSON tokens, sketches bounded too. */
    public static JsonMapper mapper(long maxTokens) {
        return JsonMapper.builder(PeerClient.jsonFactory(maxTokens))
                .addMixIn(PeerState.Table.class, SketchCounts.Mixin.class)
                .build();
    }

    /** Whether clear keys may leave the process ({@code HotKeysProperties.clearKeysShown()}). */
    public boolean clearLabels() {
        return clearLabels;
    }

    /** Keys a sketch of one table holds at most. */
    public int keysPerTable() {
        return keysPerTable;
    }

    /** Reads a hot-key state answer to a question about {@code tables} tables (1, all, or none for replicas). */
    PeerClient.Decoder<PeerState> decoder(TableName only, boolean replicas) {
        ObjectReader json = (replicas ? replicasOnly : only != null ? oneTable : everyTable)
                .readerFor(PeerState.class)
                .withAttribute(SketchCounts.MAX_KEYS, keysPerTable);
        return body -> json.readValue(body);
    }

    /**
     * The question for the hot-key state at {@code /actuator/peer}: of every table, of {@code only}, or with
     * {@code replicasOnly} of none.
     */
    static String question(TableName only, boolean replicasOnly) {
        return replicasOnly
                ? PeerClient.target(PeerPart.ROOT, "replicasOnly", "true")
                : only == null
                        ? PeerClient.target(PeerPart.ROOT)
                        : PeerClient.target(PeerPart.ROOT, "keyspace", only.keyspace(), "table", only.table());
    }

    /**
     * What this instance sends a peer: its replica hits, and its sketches of every table, or of one when keyspace and
     * table are given, or of none with {@code replicasOnly}.
     */
    public PeerState localState(String keyspace, String table, boolean replicasOnly) {
        TableName only = keyspace == null || table == null ? null : new TableName(keyspace, table);
        return new PeerState(instance, clearLabels, replicasOnly ? List.of() : tables(only), replicas.snapshot());
    }

    /** This instance's sketch of one table (none when it had no hit), without replica hits. */
    public PeerState localTableState(TableName table) {
        return new PeerState(
                instance, clearLabels, tables(Objects.requireNonNull(table, "table must not be null")), Map.of());
    }

    private List<PeerState.Table> tables(TableName only) {
        List<PeerState.Table> tables = new ArrayList<>();
        for (TableSketch sketch : registry.sketches(only, clearLabels)) {
            tables.add(new PeerState.Table(
                    sketch.table().keyspace(),
                    sketch.table().table(),
                    sketch.streamLength(),
                    sketch.maximumError(),
                    sketch.counts()));
        }
        return tables;
    }

    /**
     * The merged hot keys. The whole answer is bounded by {@code ringmap.peers.timeout}: the peers are asked first,
     * this instance's sketches merged while they answer, each peer's merged as it arrives, and a peer not merged by
     * the deadline is left out and named; past the deadline only the peer being merged finishes (its add pass,
     * at most T × K map updates) and the ranking runs.
     */
    @Override
    public Gathered hotKeys(TableName only, int limit) {
        long deadline = peers.client().deadlineFromNow();
        SketchMerge merge = newMerge();
        Contributors contributors = peers.gatherForCaller(
                question(only, false),
                decoder(only, false),
                PeerState::instance,
                deadline,
                () -> addLocal(merge, only),
                (peer, state) -> addPeer(merge, state, only, deadline));
        return new Gathered(merge.hotKeys(limit), contributors);
    }

    /** A merge of sketches as this instance's items are written (clear labels or exported forms). */
    public SketchMerge newMerge() {
        return new SketchMerge(exporter, clearLabels);
    }

    /** Adds this instance's sketches of every table, or of {@code only}. */
    public void addLocal(SketchMerge merge, TableName only) {
        merge.addAll(registry.sketches(only, clearLabels));
    }

    /**
     * Adds a peer's sketches, or nothing when it writes its items differently, sent what an honest peer cannot
     * have or what was not asked for ({@code only}: that table, null: any), or the deadline passes while they are
     * added.
     *
     * @throws PeerRefused saying why the peer's sketches were not added
     */
    public void addPeer(SketchMerge merge, PeerState state, TableName only, long deadline) {
        if (state.clearLabels() != clearLabels) {
            throw new PeerRefused("configured differently: it sends "
                    + (state.clearLabels() ? "clear keys" : "hashed keys") + ", this instance merges "
                    + (clearLabels ? "clear keys" : "hashed keys") + " (ringmap.hotkeys.export-key and "
                    + "show-clear-keys must be the same on every instance)");
        }
        if (!merge.addAll(checked(state, only), () -> System.nanoTime() - deadline > 0)) {
            throw new PeerRefused(
                    "answered, but not merged within " + peers.timeout().toMillis() + " ms");
        }
    }

    @Override
    public GatheredReplicaHits replicaHits() {
        Map<String, Long> hits = new HashMap<>();
        Contributors contributors = peers.gatherForCaller(
                question(null, true),
                decoder(null, true),
                PeerState::instance,
                peers.client().deadlineFromNow(),
                () -> hits.putAll(replicas.snapshot()),
                (peer, state) -> {
                    checkReplicaHits(state);
                    state.replicaHits().forEach((node, count) -> hits.merge(node, count, SaturatingCounter::add));
                });
        return new GatheredReplicaHits(hits, contributors);
    }

    private void checkReplicaHits(PeerState state) {
        if (state.replicaHits().size() > maxReplicaNodes) {
            throw new PeerRefused("refused: replica hits of "
                    + state.replicaHits().size() + " nodes, an instance " + "counts at most " + maxReplicaNodes);
        }
        for (Map.Entry<String, Long> node : state.replicaHits().entrySet()) {
            if (node.getKey() == null || node.getValue() == null || node.getValue() < 0) {
                throw new PeerRefused("refused: a replica without node or with a negative count");
            }
        }
    }

    /** The peer's sketches, checked against what an honest instance with these settings sends for the question. */
    private List<TableSketch> checked(PeerState state, TableName only) {
        if (state.tables().size() > (only != null ? 1 : maxTables)) {
            throw new PeerRefused("refused: " + state.tables().size() + " tables, "
                    + (only != null ? "1 was asked for" : "an instance tracks at most " + maxTables));
        }
        List<TableSketch> sketches = new ArrayList<>(state.tables().size());
        Set<TableName> seen = new HashSet<>();
        for (PeerState.Table table : state.tables()) {
            if (table == null
                    || table.keyspace() == null
                    || table.table() == null
                    || table.counts() == null
                    || table.counts().containsKey(null)
                    || table.counts().containsValue(null)
                    || table.keyspace().isEmpty()
                    || table.table().isEmpty()) {
                throw new PeerRefused("unreadable answer: a table without keyspace, name or counts");
            }
            TableName name = new TableName(table.keyspace(), table.table());
            String which = "the sketch of " + name;
            if (only != null && !only.equals(name)) {
                throw new PeerRefused("refused: it sent " + name + ", which was not asked for (" + only + ")");
            }
            if (!seen.add(name)) {
                throw new PeerRefused("refused: it sent " + name + " twice");
            }
            if (table.counts().size() > keysPerTable) {
                throw new PeerRefused(
                        "refused: " + which + " has " + table.counts().size() + " keys, a sketch " + "holds at most "
                                + keysPerTable + " (0.75 × ringmap.hotkeys.max-map-size)");
            }
            if (table.hits() < 0 || table.maximumError() < 0 || table.maximumError() > table.hits()) {
                throw new PeerRefused("refused: " + which + " has " + table.hits() + " hits and a maximum error of "
                        + table.maximumError() + " (both must be non-negative, the error at most the hits)");
            }
            long counted = 0;
            for (Map.Entry<String, Long> key : table.counts().entrySet()) {
                counted = SaturatingCounter.add(counted, Math.max(0, key.getValue()));
                if (key.getValue() < 0 || key.getValue() > table.hits() || counted > table.hits()) {
                    throw new PeerRefused("refused: " + which + " counts a key " + key.getValue() + " times " + "("
                            + counted + " so far), outside 0 to the table's " + table.hits() + " hits");
                }
                if (key.getKey().length() > maxLabelLength) {
                    throw new PeerRefused("refused: " + which + " has a key label of "
                            + key.getKey().length() + " characters, more than " + maxLabelLength);
                }
            }
            sketches.add(new TableSketch(name, table.hits(), table.maximumError(), table.counts()));
        }
        return sketches;
    }
}
