package io.ringmap.streams.web;

import io.ringmap.ring.Node;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.routing.KeyRouter;
import io.ringmap.streams.service.ReplicaSetIndex;
import java.util.List;

/**
 * The replicas as a stream writes them: each replica by its address (the node's details are in {@code GET /ring}),
 * only those in the asked data centre, and in compact form each distinct set numbered once.
 */
final class StreamReplicas {

    // by node index, each encoded once (a stream writes millions of them); null for a node the dc filter leaves out
    private final String[] addresses;
    private final byte[][] addressesJson;
    private final ReplicaSetIndex sets = new ReplicaSetIndex();

    StreamReplicas(KeyRouter router, String dc) {
        List<Node> nodes = router.snapshot().tokenRing().nodes();
        addresses = new String[nodes.size()];
        addressesJson = new byte[nodes.size()][];
        JsonStrings json = new JsonStrings();
        for (int n = 0; n < addresses.length; n++) {
            Node node = nodes.get(n);
            if (dc == null || dc.equals(node.datacenter())) {
                addresses[n] = node.address();
                addressesJson[n] = json.json(node.address());
            }
        }
    }

    /** The address of replica {@code position} of {@code set}, or null when the dc filter leaves it out. */
    String address(ReplicaSet set, int position) {
        return addresses[set.node(position)];
    }

    /** {@link #address} as a JSON string, or null when the dc filter leaves it out. */
    byte[] addressJson(ReplicaSet set, int position) {
        return addressesJson[set.node(position)];
    }

    /** The set's index, or {@code -1 - index} on its first use (see {@link ReplicaSetIndex#indexOf}). */
    int indexOf(ReplicaSet set) {
        return sets.indexOf(set);
    }
}
