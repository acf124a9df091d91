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
import io.ringmap.peers.InstanceId;
import io.ringmap.peers.PeerState;
import io.ringmap.peers.client.PeerClient;
import io.ringmap.peers.client.PeerDirectory;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

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
    private final PeerDirectory directory;
    private final PeerClient client;
    private final int maxPeers;

    /**
     * @param instance    this instance's id, which the peers echo
     * @param clearLabels whether clear keys may leave the process ({@code HotKeysProperties.clearKeysShown()})
     * @param maxPeers    peers asked at most; the others are named as missing
     */
    public DeploymentHotKeys(InstanceId instance, HotKeyRegistry registry, ReplicaHits replicas, KeyExporter exporter,
            boolean clearLabels, PeerDirectory directory, PeerClient client, int maxPeers) {
        this.instance = instance.value();
        this.registry = Objects.requireNonNull(registry, "registry must not be null");
        this.replicas = Objects.requireNonNull(replicas, "replicas must not be null");
        this.exporter = Objects.requireNonNull(exporter, "exporter must not be null");
        this.clearLabels = clearLabels;
        this.directory = Objects.requireNonNull(directory, "directory must not be null");
        this.client = Objects.requireNonNull(client, "client must not be null");
        this.maxPeers = maxPeers;
    }

    /**
     * What this instance sends a peer: its replica hits, and its sketches of every table, or of one when keyspace and
     * table are given, or of none with {@code replicasOnly}.
     */
    public PeerState localState(String keyspace, String table, boolean replicasOnly) {
        TableName only = keyspace == null || table == null ? null : new TableName(keyspace, table);
        List<PeerState.Table> tables = new ArrayList<>();
        for (TableSketch sketch : replicasOnly ? List.<TableSketch>of() : registry.sketches(only, clearLabels)) {
            tables.add(new PeerState.Table(sketch.table().keyspace(), sketch.table().table(), sketch.streamLength(),
                    sketch.maximumError(), sketch.counts()));
        }
        return new PeerState(instance, clearLabels, tables, replicas.snapshot());
    }

    /**
     * The merged hot keys. The whole answer is bounded by {@code ringmap.peers.timeout}: the peers are asked first,
     * this instance's sketches merged while they answer, each peer's merged as it arrives, and a peer not merged by
     * the deadline is left out and named; past the deadline only the peer being merged finishes (its add pass,
     * at most T × K map updates) and the ranking runs.
     */
    @Override
    public Gathered hotKeys(TableName only, int limit) {
        long deadline = client.deadlineFromNow();
        SketchMerge merge = new SketchMerge(exporter, clearLabels);
        Contributors contributors = fanOut(only, false, deadline,
                () -> merge.addAll(registry.sketches(only, clearLabels)), state -> {
            if (state.clearLabels() != clearLabels) {
                throw new IllegalArgumentException("configured differently: it sends "
                        + (state.clearLabels() ? "clear keys" : "hashed keys") + ", this instance merges "
                        + (clearLabels ? "clear keys" : "hashed keys") + " (ringmap.hotkeys.export-key and "
                        + "show-clear-keys must be the same on every instance)");
            }
            if (!merge.addAll(decode(state), () -> System.nanoTime() - deadline > 0)) {
                throw new IllegalArgumentException("answered, but not merged within "
                        + client.timeout().toMillis() + " ms");
            }
        });
        return new Gathered(merge.hotKeys(limit), contributors);
    }

    @Override
    public GatheredReplicaHits replicaHits() {
        Map<String, Long> hits = new HashMap<>();
        Contributors contributors = fanOut(null, true, client.deadlineFromNow(),
                () -> hits.putAll(replicas.snapshot()), state -> {
            for (Map.Entry<String, Long> node : state.replicaHits().entrySet()) {
                if (node.getKey() == null || node.getValue() == null || node.getValue() < 0) {
                    throw new IllegalArgumentException("unreadable answer: a replica without node or count");
                }
            }
            state.replicaHits().forEach((node, count) -> hits.merge(node, count, SaturatingCounter::add));
        });
        return new GatheredReplicaHits(hits, contributors);
    }

    /**
     * Asks every peer at once, runs {@code local} while they answer, and hands each answer, as it arrives and
     * until the deadline, to {@code merge}, which refuses one it cannot take by throwing
     * {@link IllegalArgumentException} (before changing anything); returns who contributed and who did not.
     */
    private Contributors fanOut(TableName only, boolean replicasOnly, long deadline, Runnable local,
            Consumer<PeerState> merge) {
        List<String> contributed = new ArrayList<>();
        Asked asked = Asked.of(directory, maxPeers);
        List<Contributors.Missing> missing = asked.missing();
        PeerClient.Fanout<PeerState> fanout = client.ask(asked.peers(), PeerClient.stateQuery(
                only == null ? null : only.keyspace(), only == null ? null : only.table(), replicasOnly),
                client.states());
        local.run();
        fanout.each(deadline, answer -> {
            String peer = answer.peer().toString();
            if (answer.value() == null) {
                missing.add(new Contributors.Missing(peer, answer.problem()));
            } else if (!instance.equals(answer.value().instance())) { // else: this instance under another address
                try {
                    merge.accept(answer.value());
                    contributed.add(peer);
                } catch (IllegalArgumentException e) {
                    missing.add(new Contributors.Missing(peer, e.getMessage()));
                }
            }
        });
        contributed.sort(Comparator.naturalOrder());
        missing.sort(Comparator.comparing(Contributors.Missing::peer));
        return new Contributors("deployment", contributed, missing);
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
