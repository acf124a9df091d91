package io.ringmap.ranges;

import io.ringmap.pending.PendingRange;
import io.ringmap.pending.PendingReplicas;
import io.ringmap.ring.Node;
import io.ringmap.ring.TokenRange;
import io.ringmap.ring.TokenRing;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One keyspace's pending ranges in the index form of {@link RangeMap}: each pending range with the node indexes that
 * gain it, ring nodes first, then the nodes outside the ring ({@code offRing}) numbered after them.
 */
public record PendingRangeMap(List<Node> offRing, List<Entry> ranges) {

    /** A pending range and the indexes of the nodes gaining it. */
    public record Entry(TokenRange range, int[] replicas) {}

    public static PendingRangeMap of(TokenRing ring, PendingReplicas pending) {
        if (pending.isEmpty()) {
            return new PendingRangeMap(List.of(), List.of());
        }
        Map<String, Integer> index = new HashMap<>();
        for (int n = 0; n < ring.nodes().size(); n++) {
            index.put(ring.nodes().get(n).hostId(), n);
        }
        List<Node> offRing = new ArrayList<>();
        Map<TokenRange, List<Integer>> byRange = new LinkedHashMap<>();
        for (PendingRange r : pending.ranges()) {
            Integer i = index.get(r.replica().hostId());
            if (i == null) {
                i = ring.nodes().size() + offRing.size();
                index.put(r.replica().hostId(), i);
                offRing.add(r.replica());
            }
            List<Integer> nodes = byRange.computeIfAbsent(r.range(), k -> new ArrayList<>());
            if (!nodes.contains(i)) {
                nodes.add(i);
            }
        }
        List<Entry> out = new ArrayList<>();
        byRange.forEach((range, nodes) -> out.add(
                new Entry(range, nodes.stream().mapToInt(Integer::intValue).toArray())));
        return new PendingRangeMap(offRing, out);
    }
}
