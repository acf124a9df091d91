package io.ringmap.streams.web;

import io.ringmap.ring.Node;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.routing.KeyRouter;
import io.ringmap.streams.service.ReplicaSetIndex;
import java.util.List;
import tools.jackson.core.io.SerializedString;

/**
 * The replicas as a stream writes them: each replica by its address (the node's details are in {@code GET /ring}),
 * only those in the asked data centre, and in compact form each distinct set numbered once.
 */
final class StreamReplicas {

    // by node index, each encoded once (a stream writes millions of them); null for a node the dc filter leaves out
    private final SerializedString[] addresses;
    private final ReplicaSetIndex sets = new ReplicaSetIndex();

    StreamReplicas(KeyRouter router, String dc) {
        List<Node> nodes = router.snapshot().tokenRing().nodes();
        addresses = new SerializedString[nodes.size()];
        for (int n = 0; n < addresses.length; n++) {
            Node node = nodes.get(n);
            addresses[n] = dc == null || dc.equals(node.datacenter()) ? new SerializedString(node.address()) : null;
        }
    }

    /** The address of replica {@code position} of {@code set}, or null when the dc filter leaves it out. */
    SerializedString address(ReplicaSet set, int position) {
        return addresses[set.node(position)];
    }

    /** The set's index, or {@code -1 - index} on its first use (see {@link ReplicaSetIndex#indexOf}). */
    int indexOf(ReplicaSet set) {
        return sets.indexOf(set);
    }
}
