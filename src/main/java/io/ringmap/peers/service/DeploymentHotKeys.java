package io.ringmap.peers.service;

import io.ringmap.hotkeys.Contributors;
import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.HotKeySource;
import io.ringmap.hotkeys.KeyExporter;
import io.ringmap.hotkeys.ReplicaHits;
import io.ringmap.hotkeys.SaturatingCounter;
import io.ringmap.hotkeys.SketchMerge;
import io.ringmap.ring.TableName;
import io.ringmap.hotkeys.TableSketch;
import io.ringmap.peers.PeerState;
import io.ringmap.peers.client.PeerClient;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The hot keys and replica hits of a whole deployment: this instance's counts merged with those its peers send, and
 * the other side of the exchange ({@link #localState}). Items leave the process as clear labels only when clear keys are shown;
 * otherwise as their exported form (the keyed hash, the same salt on every instance), so the same key merges across
 * instances and no clear key is on the wire.
 */
public final class DeploymentHotKeys implements HotKeySource {

    private final String instance;
    private final HotKeyRegistry registry;
    private final ReplicaHits replicas;
    private final KeyExporter exporter;
    private final boolean clearLabels;
    private final PeerFanout peers;

    /**
     * @param clearLabels whether clear keys may leave the process ({@code HotKeysProperties.clearKeysShown()})
     * @param peers       how the peers are asked
     */
    public DeploymentHotKeys(HotKeyRegistry registry, ReplicaHits replicas, KeyExporter exporter,
            boolean clearLabels, PeerFanout peers) {
        this.registry = Objects.requireNonNull(registry, "registry must not be null");
        this.replicas = Objects.requireNonNull(replicas, "replicas must not be null");
        this.exporter = Objects.requireNonNull(exporter, "exporter must not be null");
        this.clearLabels = clearLabels;
        this.peers = Objects.requireNonNull(peers, "peers must not be null");
        this.instance = peers.instance().value();
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
        return new PeerState(instance, clearLabels, tables(Objects.requireNonNull(table, "table must not be null")),
                Map.of());
    }

    private List<PeerState.Table> tables(TableName only) {
        List<PeerState.Table> tables = new ArrayList<>();
        for (TableSketch sketch : registry.sketches(only, clearLabels)) {
            tables.add(new PeerState.Table(sketch.table().keyspace(), sketch.table().table(), sketch.streamLength(),
                    sketch.maximumError(), sketch.counts()));
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
        Contributors contributors = peers.gatherForCaller(PeerClient.stateQuery(only == null ? null : only.keyspace(),
                only == null ? null : only.table(), false), peers.client().states(), PeerState::instance, deadline,
                () -> addLocal(merge, only), (peer, state) -> addPeer(merge, state, deadline));
        return new Gathered(merge.hotKeys(limit), contributors);
    }

    /** A merge of sketches as this instance's items are written (clear labels or exported forms). */
    SketchMerge newMerge() {
        return new SketchMerge(exporter, clearLabels);
    }

    /** Adds this instance's sketches of every table, or of {@code only}. */
    void addLocal(SketchMerge merge, TableName only) {
        merge.addAll(registry.sketches(only, clearLabels));
    }

    /**
     * Adds a peer's sketches, or nothing when it writes its items differently, sent something unreadable, or the
     * deadline passes while they are checked.
     *
     * @throws IllegalArgumentException saying why the peer's sketches were not added
     */
    void addPeer(SketchMerge merge, PeerState state, long deadline) {
        if (state.clearLabels() != clearLabels) {
            throw new IllegalArgumentException("configured differently: it sends "
                    + (state.clearLabels() ? "clear keys" : "hashed keys") + ", this instance merges "
                    + (clearLabels ? "clear keys" : "hashed keys") + " (ringmap.hotkeys.export-key and "
                    + "show-clear-keys must be the same on every instance)");
        }
        if (!merge.addAll(decode(state), () -> System.nanoTime() - deadline > 0)) {
            throw new IllegalArgumentException("answered, but not merged within "
                    + peers.timeout().toMillis() + " ms");
        }
    }

    @Override
    public GatheredReplicaHits replicaHits() {
        Map<String, Long> hits = new HashMap<>();
        Contributors contributors = peers.gatherForCaller(PeerClient.stateQuery(null, null, true),
                peers.client().states(), PeerState::instance, peers.client().deadlineFromNow(),
                () -> hits.putAll(replicas.snapshot()), (peer, state) -> {
                    for (Map.Entry<String, Long> node : state.replicaHits().entrySet()) {
                        if (node.getKey() == null || node.getValue() == null || node.getValue() < 0) {
                            throw new IllegalArgumentException("unreadable answer: a replica without node or count");
                        }
                    }
                    state.replicaHits().forEach((node, count) -> hits.merge(node, count, SaturatingCounter::add));
                });
        return new GatheredReplicaHits(hits, contributors);
    }

    private static List<TableSketch> decode(PeerState state) {
        List<TableSketch> sketches = new ArrayList<>(state.tables().size());
        for (PeerState.Table table : state.tables()) {
            if (table.keyspace() == null || table.table() == null || table.counts() == null
                    || table.counts().containsKey(null) || table.counts().containsValue(null)) {
                throw new IllegalArgumentException("unreadable answer: a table without keyspace, name or counts");
            }
            // the record checks the rest: names not empty, no negative figure
            sketches.add(new TableSketch(new TableName(table.keyspace(), table.table()), table.hits(),
                    table.maximumError(), table.counts()));
        }
        return sketches;
    }
}
