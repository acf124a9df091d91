package io.ringmap.sizes.peers;

import io.ringmap.sizes.SizesSnapshot;
import java.util.Objects;

/**
 * What one instance tells its peers of the sizes rounds: who it is, and the reports of the nodes it collected itself
 * in its last round (its share; never what it received from others).
 *
 * @param instance the random id chosen at start, the name it has in the rendezvous over the live instances
 * @param share    its own reports of its last round, null before its first round
 */
public record PeerSizes(String instance, SizesSnapshot share) {

    public PeerSizes {
        Objects.requireNonNull(instance, "instance must not be null");
    }
}
