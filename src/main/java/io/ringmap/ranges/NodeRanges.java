package io.ringmap.ranges;

import io.ringmap.consistency.Availability;
import io.ringmap.problem.ProblemKind;
import io.ringmap.problem.RequestProblem;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Node;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.TokenRing;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The ranges one node replicates in a keyspace, in ring order: the part of the range-to-replica map a person looks at
 * when they pick a node (about 1,500 ranges of a 1000 x 256 ring at RF 3 in two DCs, where the whole map is 256,000).
 *
 * @param node   the node's index in the ring's node list
 * @param ranges each range the node is a replica of, {@code (start, end]}
 */
public record NodeRanges(int node, List<Range> ranges) {

    /**
     * One range of the node.
     *
     * @param index    the range's index in the ring (its end is the ring's token {@code index})
     * @param position the node's place among the range's replicas, 0 for the primary
     * @param replicas the range's replicas' node indexes, in placement order
     */
    public record Range(int index, int position, int[] replicas) {}

    public NodeRanges {
        ranges = List.copyOf(ranges);
    }

    /**
     * The ranges of the node named {@code name} (its address or host id).
     *
     * @throws UnknownNode when no node of the ring has that address or host id
     */
    public static NodeRanges of(TokenRing ring, KeyspacePlacement.Placed placement, String name) {
        List<Integer> found = Availability.nodeIndexes(ring, List.of(name), new ArrayList<>());
        if (found.isEmpty()) {
            throw new UnknownNode(name, ring);
        }
        int node = found.get(0);
        List<Range> out = new ArrayList<>();
        for (int i = 0; i < ring.size(); i++) {
            ReplicaSet set = placement.replicasAt(i);
            for (int r = 0; r < set.size(); r++) {
                if (set.node(r) == node) {
                    out.add(new Range(i, r, set.nodes()));
                    break;
                }
            }
        }
        return new NodeRanges(node, out);
    }

    /** How many of the node's ranges it is the primary replica of. */
    public long primaries() {
        return ranges.stream().filter(r -> r.position() == 0).count();
    }

    /** A node name that is neither an address nor a host id of the ring: 400, naming the parameter. */
    public static final class UnknownNode extends RequestProblem {

        UnknownNode(String name, TokenRing ring) {
            super(ProblemKind.UNKNOWN_NODE
                    .problem("node '" + name + "' is not in the ring (give an address or host id); known: "
                            + new TreeSet<>(
                                    ring.nodes().stream().map(Node::address).toList()))
                    .with("parameter", "node"));
        }
    }
}
