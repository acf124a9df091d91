package io.ringmap.replication;

import io.ringmap.ring.Node;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.TokenRing;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * {@code NetworkTopologyStrategy}: per data centre, walk the ring clockwise from the primary position taking nodes
 * of that DC, preferring racks not yet used.
 *
 * <p>Mirrors {@code org.apache.cassandra.locator.NetworkTopologyStrategy.calculateNaturalReplicas} (4.0+): a DC's
 * effective RF is {@code min(rf, nodes in the DC)}; a node on an already used rack is accepted only while
 * {@code rf - racks in the DC} repeats remain, so with fewer racks than RF the first such nodes in ring order fill
 * the gap (the same set as the older "skipped nodes" formulation). Replicas are reported in ring-walk order across
 * DCs, as Cassandra builds them. Because DCs do not interact, each DC is walked over its own tokens only.
 */
final class NetworkTopologyStrategy implements ReplicationStrategy {

    private final Map<String, ReplicationFactor> datacenters;
    private final List<String> notes;

    NetworkTopologyStrategy(Map<String, ReplicationFactor> datacenters) {
        this(datacenters, List.of());
    }

    /** @param notes how the options were read (e.g. a {@code replication_factor} expanded), reported as warnings */
    NetworkTopologyStrategy(Map<String, ReplicationFactor> datacenters, List<String> notes) {
        this.datacenters = new LinkedHashMap<>(datacenters);
        this.notes = List.copyOf(notes);
    }

    Map<String, ReplicationFactor> datacenters() {
        return datacenters;
    }

    /**
     * Per DC of the ring: its token indexes in ring order, for every ring token index the position in that list of
     * the first DC token at or after it, its node and rack counts.
     */
    private record DcLayout(
            String name,
            ReplicationFactor rf,
            int[] tokenIndexes,
            int[] firstAtOrAfter,
            int nodeCount,
            int rackCount) {}

    private record Layout(List<DcLayout> dcs, int[] rackIds) {}

    @Override
    public IntFunction<ReplicaSet> placer(TokenRing ring) {
        Layout layout = layout(ring);
        return i -> new Walker(ring, layout).place(i);
    }

    /**
     * Every range's replicas, the ring cut into chunks placed in parallel, each chunk reusing one walker's buffers
     * (a 1000-node x 256-vnode ring has 256,000 ranges to place on every topology change).
     */
    @Override
    public ReplicaSet[] placeAll(TokenRing ring) {
        Layout layout = layout(ring);
        ReplicaSet[] table = new ReplicaSet[ring.size()];
        int chunk = 8192;
        int chunks = (table.length + chunk - 1) / chunk;
        java.util.stream.IntStream.range(0, chunks).parallel().forEach(c -> {
            Walker walker = new Walker(ring, layout);
            int end = Math.min(table.length, (c + 1) * chunk);
            for (int i = c * chunk; i < end; i++) {
                table[i] = walker.place(i);
            }
        });
        return table;
    }

    private Layout layout(TokenRing ring) {
        List<Node> nodes = ring.nodes();
        Map<String, Integer> rackIds = new HashMap<>();
        int[] rackOf = new int[nodes.size()];
        for (int n = 0; n < nodes.size(); n++) {
            String key = nodes.get(n).datacenter() + '\u0000' + nodes.get(n).rack();
            rackOf[n] = rackIds.computeIfAbsent(key, k -> rackIds.size());
        }
        List<DcLayout> dcs = new ArrayList<>();
        for (Map.Entry<String, ReplicationFactor> e : datacenters.entrySet()) {
            String dc = e.getKey();
            if (e.getValue().allReplicas() <= 0) {
                continue;
            }
            boolean[] inDc = new boolean[nodes.size()];
            java.util.Set<String> racks = new java.util.HashSet<>();
            int nodeCount = 0;
            for (int n = 0; n < nodes.size(); n++) {
                if (nodes.get(n).datacenter().equals(dc)) {
                    inDc[n] = true;
                    nodeCount++;
                    racks.add(nodes.get(n).rack());
                }
            }
            int count = 0;
            int[] idx = new int[ring.size()];
            for (int i = 0; i < ring.size(); i++) {
                if (inDc[ring.ownerAt(i)]) {
                    idx[count++] = i;
                }
            }
            if (count == 0) {
                continue; // Cassandra skips a DC with no nodes
            }
            // the first DC token at or after each ring index, wrapping to the DC's first token
            int[] firstAtOrAfter = new int[ring.size()];
            int next = count;
            for (int i = ring.size() - 1; i >= 0; i--) {
                if (next > 0 && idx[next - 1] == i) {
                    next--;
                }
                firstAtOrAfter[i] = next == count ? 0 : next;
            }
            dcs.add(new DcLayout(dc, e.getValue(), Arrays.copyOf(idx, count), firstAtOrAfter, nodeCount, racks.size()));
        }
        return new Layout(dcs, rackOf);
    }

    /** Walks the ring for one range after another, reusing its buffers; one per thread. */
    private static final class Walker {

        private final TokenRing ring;
        private final Layout layout;
        private final int[][] pickedByDc;
        private final int[][] distanceByDc;
        private final boolean[][] transientByDc;
        private final int[] countByDc;
        private final int[] seenRacks;
        private final int[] cursor;

        Walker(TokenRing ring, Layout layout) {
            this.ring = ring;
            this.layout = layout;
            int dcs = layout.dcs().size();
            pickedByDc = new int[dcs][];
            distanceByDc = new int[dcs][];
            transientByDc = new boolean[dcs][];
            countByDc = new int[dcs];
            cursor = new int[dcs];
            int maxRf = 0;
            for (int d = 0; d < dcs; d++) {
                DcLayout dc = layout.dcs().get(d);
                int rf = Math.min(dc.rf().allReplicas(), dc.nodeCount());
                pickedByDc[d] = new int[rf];
                distanceByDc[d] = new int[rf];
                transientByDc[d] = new boolean[rf];
                maxRf = Math.max(maxRf, rf);
            }
            seenRacks = new int[maxRf];
        }

        ReplicaSet place(int tokenIndex) {
            int ringSize = ring.size();
            int total = 0;
            for (int d = 0; d < pickedByDc.length; d++) {
                DcLayout dc = layout.dcs().get(d);
                int rfLeft = pickedByDc[d].length;
                int acceptableRackRepeats = dc.rf().allReplicas() - dc.rackCount();
                int transients = Math.max(dc.rf().transientReplicas() - (dc.rf().allReplicas() - rfLeft), 0);
                int[] picked = pickedByDc[d];
                int[] distance = distanceByDc[d];
                boolean[] isTransient = transientByDc[d];
                int count = 0;
                int racksSeen = 0;
                int[] idx = dc.tokenIndexes();
                int start = dc.firstAtOrAfter()[tokenIndex];
                for (int step = 0; step < idx.length && rfLeft > 0; step++) {
                    int at = start + step;
                    int global = idx[at >= idx.length ? at - idx.length : at];
                    int node = ring.ownerAt(global);
                    if (SimpleStrategy.contains(picked, count, node)) {
                        continue; // cannot repeat a node
                    }
                    int rack = layout.rackIds()[node];
                    boolean newRack = !SimpleStrategy.contains(seenRacks, racksSeen, rack);
                    if (!newRack) {
                        if (acceptableRackRepeats <= 0) {
                            continue; // rfLeft distinct racks remain: no more rack repeats
                        }
                        acceptableRackRepeats--;
                    } else {
                        seenRacks[racksSeen++] = rack;
                    }
                    isTransient[count] = rfLeft <= transients;
                    picked[count] = node;
                    int gap = global - tokenIndex;
                    distance[count] = gap < 0 ? gap + ringSize : gap;
                    count++;
                    rfLeft--;
                }
                countByDc[d] = count;
                total += count;
            }
            // merge the DCs in ring-walk order, as Cassandra's single walk adds them
            int[] nodes = new int[total];
            boolean[] flags = null;
            Arrays.fill(cursor, 0);
            for (int out = 0; out < total; out++) {
                int best = -1;
                for (int d = 0; d < pickedByDc.length; d++) {
                    if (cursor[d] < countByDc[d]
                            && (best < 0 || distanceByDc[d][cursor[d]] < distanceByDc[best][cursor[best]])) {
                        best = d;
                    }
                }
                nodes[out] = pickedByDc[best][cursor[best]];
                if (transientByDc[best][cursor[best]]) {
                    if (flags == null) {
                        flags = new boolean[total];
                    }
                    flags[out] = true;
                }
                cursor[best]++;
            }
            return new ReplicaSet(nodes, flags);
        }
    }

    @Override
    public List<String> warnings(TokenRing ring) {
        List<String> warnings = new ArrayList<>(notes);
        if (datacenters.values().stream().allMatch(rf -> rf.allReplicas() == 0)) {
            warnings.add("no data centre has a replication factor above 0: the keyspace has no replicas");
        }
        for (Map.Entry<String, ReplicationFactor> e : datacenters.entrySet()) {
            long nodes = ring.nodes().stream()
                    .filter(n -> n.datacenter().equals(e.getKey()))
                    .count();
            if (nodes == 0 && e.getValue().allReplicas() > 0) {
                warnings.add("data centre '" + e.getKey() + "' has replication factor "
                        + e.getValue().allReplicas() + " but no nodes in the ring: it holds no replicas");
            } else if (e.getValue().allReplicas() > nodes) {
                warnings.add("replication factor " + e.getValue().allReplicas() + " for data centre '" + e.getKey()
                        + "' exceeds its " + nodes + " nodes: every node of '" + e.getKey() + "' is a replica");
            }
        }
        return warnings;
    }
}
