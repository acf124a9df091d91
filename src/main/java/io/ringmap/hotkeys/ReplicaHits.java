package io.ringmap.hotkeys;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Hits per replica node: every looked-up partition counts once on each of its replicas. Bounded by
 * {@code maxNodes} (set it above the cluster size); hits for further nodes are dropped and counted.
 */
public final class ReplicaHits {

    /** What {@link Indexed} keeps for a node whose hits are dropped. */
    private static final HitCounter UNTRACKED = new HitCounter("untracked");

    private final int maxNodes;
    private final ConcurrentHashMap<String, HitCounter> counters = new ConcurrentHashMap<>();
    private final AtomicInteger reserved = new AtomicInteger();
    /** Changes whenever {@link #retain} forgets a node. */
    private final AtomicInteger generation = new AtomicInteger();

    private final SaturatingCounter droppedHits = new SaturatingCounter();

    public ReplicaHits(int maxNodes) {
        if (maxNodes < 1) {
            throw new IllegalArgumentException("maxNodes must be at least 1, was " + maxNodes);
        }
        this.maxNodes = maxNodes;
    }

    /** Nodes counted at most: what one instance can report. */
    public int maxNodes() {
        return maxNodes;
    }

    /** Counts one hit on each of these replicas (node ids, e.g. host ids or addresses). */
    public void record(Collection<String> replicaNodeIds) {
        record(replicaNodeIds, 1);
    }

    /** Counts {@code count} hits on each of these replicas. */
    public void record(Collection<String> replicaNodeIds, long count) {
        if (count < 0) {
            throw new IllegalArgumentException("hit count must not be negative, was " + count);
        }
        for (String nodeId : replicaNodeIds) {
            record(nodeId, count);
        }
    }

    /** Counts {@code count} hits on one replica; allocates nothing once the node is known. */
    public void record(String replicaNodeId, long count) {
        if (count < 0) {
            throw new IllegalArgumentException("hit count must not be negative, was " + count);
        }
        HitCounter counter = counter(Objects.requireNonNull(replicaNodeId, "replica node id must not be null"));
        if (counter == null) {
            droppedHits.add(count);
        } else {
            counter.add(count);
        }
    }

    /**
     * These nodes' counters by their index in {@code nodeIds}, for a caller that counts many hits on the same nodes:
     * each found (or made) on its first hit only. Valid while {@link Indexed#current()}: until {@link #retain}
     * forgets a node.
     */
    public Indexed indexed(List<String> nodeIds) {
        return new Indexed(List.copyOf(nodeIds), generation.get());
    }

    /** Counters of a list of nodes by index ({@link #indexed}); safe to share between threads. */
    public final class Indexed {
        private final List<String> nodeIds;
        /** Each node's counter once found; {@link #UNTRACKED} for a node beyond {@code maxNodes}. */
        private final HitCounter[] byIndex;

        private final int generationMade;

        private Indexed(List<String> nodeIds, int generationMade) {
            this.nodeIds = nodeIds;
            this.byIndex = new HitCounter[nodeIds.size()];
            this.generationMade = generationMade;
        }

        /** Whether every counter here is still the one exported (no node was forgotten since). */
        public boolean current() {
            return generation.get() == generationMade;
        }

        /** Counts {@code count} hits on the node at {@code index}; allocates nothing once the node is known. */
        public void record(int index, long count) {
            if (count < 0) {
                throw new IllegalArgumentException("hit count must not be negative, was " + count);
            }
            HitCounter counter = byIndex[index];
            if (counter == null) { // two threads may both look it up: they find the same counter
                counter = counter(nodeIds.get(index));
                counter = counter == null ? UNTRACKED : counter;
                byIndex[index] = counter;
            }
            if (counter == UNTRACKED) {
                droppedHits.add(count);
            } else {
                counter.add(count);
            }
        }
    }

    /** Live counters, one per node seen, in node id order. */
    public List<HitCounter> counters() {
        List<HitCounter> all = new ArrayList<>(counters.values());
        all.sort(Comparator.comparing(HitCounter::key));
        return all;
    }

    /** The counts now, by node id. */
    public Map<String, Long> snapshot() {
        Map<String, Long> all = new HashMap<>();
        counters.forEach((node, counter) -> all.put(node, counter.count()));
        return all;
    }

    /** Forgets nodes that left the cluster. */
    public void retain(Set<String> liveNodeIds) {
        for (String nodeId : counters.keySet()) {
            if (!liveNodeIds.contains(nodeId) && counters.remove(nodeId) != null) {
                reserved.decrementAndGet();
                generation.incrementAndGet();
            }
        }
    }

    /** Hits not counted because {@code maxNodes} nodes were already tracked. */
    public long droppedHits() {
        return droppedHits.get();
    }

    private HitCounter counter(String nodeId) {
        HitCounter counter = counters.get(nodeId);
        if (counter != null) {
            return counter;
        }
        return counters.computeIfAbsent(nodeId, id -> {
            if (reserved.incrementAndGet() > maxNodes) {
                reserved.decrementAndGet();
                return null;
            }
            return new HitCounter(id);
        });
    }
}
