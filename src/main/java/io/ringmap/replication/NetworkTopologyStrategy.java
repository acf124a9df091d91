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

    /** Per DC of the ring: its token indexes in ring order, its node and rack counts. */
    private record DcLayout(String name, ReplicationFactor rf, int[] tokenIndexes, int nodeCount, int rackCount) {
    }

    private record Layout(List<DcLayout> dcs, int[] rackIds) {
    }

    @Override
    public IntFunction<ReplicaSet> placer(TokenRing ring) {
        Layout layout = layout(ring);
        return i -> replicasFor(ring, layout, i);
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
            int count = 0;
            int[] idx = new int[ring.size()];
            for (int i = 0; i < ring.size(); i++) {
                if (nodes.get(ring.ownerAt(i)).datacenter().equals(dc)) {
                    idx[count++] = i;
                }
            }
            if (count == 0) {
                continue; // Cassandra skips a DC with no nodes
            }
            long nodeCount = nodes.stream().filter(n -> n.datacenter().equals(dc)).count();
            long rackCount = nodes.stream().filter(n -> n.datacenter().equals(dc)).map(Node::rack).distinct().count();
            dcs.add(new DcLayout(dc, e.getValue(), Arrays.copyOf(idx, count), (int) nodeCount, (int) rackCount));
        }
        return new Layout(dcs, rackOf);
    }

    private ReplicaSet replicasFor(TokenRing ring, Layout layout, int tokenIndex) {
        int ringSize = ring.size();
        int total = 0;
        int[][] pickedByDc = new int[layout.dcs().size()][];
        int[][] distanceByDc = new int[layout.dcs().size()][];
        boolean[][] transientByDc = new boolean[layout.dcs().size()][];
        for (int d = 0; d < layout.dcs().size(); d++) {
            DcLayout dc = layout.dcs().get(d);
            int rfLeft = Math.min(dc.rf().allReplicas(), dc.nodeCount());
            int acceptableRackRepeats = dc.rf().allReplicas() - dc.rackCount();
            int transients = Math.max(dc.rf().transientReplicas() - (dc.rf().allReplicas() - rfLeft), 0);
            int[] picked = new int[rfLeft];
            int[] distance = new int[rfLeft];
            boolean[] isTransient = new boolean[rfLeft];
            int[] seenRacks = new int[rfLeft];
            int count = 0;
            int racksSeen = 0;
            int[] idx = dc.tokenIndexes();
            int start = Arrays.binarySearch(idx, tokenIndex);
            if (start < 0) {
                start = -start - 1; // first DC token at or after the primary position
            }
            for (int step = 0; step < idx.length && rfLeft > 0; step++) {
                int global = idx[(start + step) % idx.length];
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
                distance[count] = Math.floorMod(global - tokenIndex, ringSize);
                count++;
                rfLeft--;
            }
            pickedByDc[d] = Arrays.copyOf(picked, count);
            distanceByDc[d] = distance;
            transientByDc[d] = isTransient;
            total += count;
        }
        // merge the DCs in ring-walk order, as Cassandra's single walk adds them
        int[] nodes = new int[total];
        boolean[] flags = new boolean[total];
        boolean anyTransient = false;
        int[] cursor = new int[pickedByDc.length];
        for (int out = 0; out < total; out++) {
            int best = -1;
            for (int d = 0; d < pickedByDc.length; d++) {
                if (cursor[d] < pickedByDc[d].length && (best < 0
                        || distanceByDc[d][cursor[d]] < distanceByDc[best][cursor[best]])) {
                    best = d;
                }
            }
            nodes[out] = pickedByDc[best][cursor[best]];
            flags[out] = transientByDc[best][cursor[best]];
            anyTransient |= flags[out];
            cursor[best]++;
        }
        return new ReplicaSet(nodes, anyTransient ? flags : null);
    }

    @Override
    public List<String> warnings(TokenRing ring) {
        List<String> warnings = new ArrayList<>(notes);
        if (datacenters.values().stream().allMatch(rf -> rf.allReplicas() == 0)) {
            warnings.add("no data centre has a replication factor above 0: the keyspace has no replicas");
        }
        for (Map.Entry<String, ReplicationFactor> e : datacenters.entrySet()) {
            long nodes = ring.nodes().stream().filter(n -> n.datacenter().equals(e.getKey())).count();
            if (nodes == 0 && e.getValue().allReplicas() > 0) {
                warnings.add("data centre '" + e.getKey() + "' has replication factor " + e.getValue().allReplicas()
                        + " but no nodes in the ring: it holds no replicas");
            } else if (e.getValue().allReplicas() > nodes) {
                warnings.add("replication factor " + e.getValue().allReplicas() + " for data centre '" + e.getKey()
                        + "' exceeds its " + nodes + " nodes: every node of '" + e.getKey() + "' is a replica");
            }
        }
        return warnings;
    }
}
