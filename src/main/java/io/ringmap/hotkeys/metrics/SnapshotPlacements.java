package io.ringmap.hotkeys.metrics;

import io.ringmap.ring.Node;
import io.ringmap.snapshot.SnapshotHolder;
import io.ringmap.snapshot.TopologySnapshot;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Data centre and rack of a replica node id (its address) in the current ring snapshot, for the tags of
 * {@code ringmap.replica.hits}; {@link ReplicaPlacement#UNKNOWN} for an address the snapshot does not know.
 */
public final class SnapshotPlacements implements Function<String, ReplicaPlacement> {

    private final SnapshotHolder snapshots;
    private volatile Cached cached;

    public SnapshotPlacements(SnapshotHolder snapshots) {
        this.snapshots = snapshots;
    }

    @Override
    public ReplicaPlacement apply(String address) {
        return byAddress().getOrDefault(address, ReplicaPlacement.UNKNOWN);
    }

    /** Addresses of the nodes in the current snapshot (empty before the first one). */
    public Set<String> liveAddresses() {
        return byAddress().keySet();
    }

    private Map<String, ReplicaPlacement> byAddress() {
        TopologySnapshot snapshot = snapshots.latest();
        if (snapshot == null) {
            return Map.of();
        }
        Cached c = cached;
        if (c == null || c.snapshot != snapshot) {
            // rebuilt once per published snapshot, read by the once-a-second meter sync
            Map<String, ReplicaPlacement> map = new HashMap<>();
            for (Node node : snapshot.tokenRing().nodes()) {
                map.put(node.address(), new ReplicaPlacement(node.datacenter(), node.rack()));
            }
            c = new Cached(snapshot, Map.copyOf(map));
            cached = c;
        }
        return c.byAddress;
    }

    private record Cached(TopologySnapshot snapshot, Map<String, ReplicaPlacement> byAddress) {}
}
