package io.ringmap.topology;

import io.ringmap.ring.Node;
import java.util.List;

/** A node and its tokens as the source reports them (token text in the partitioner's printed form). */
public record NodeTokens(Node node, List<String> tokens) {

    public NodeTokens {
        tokens = List.copyOf(tokens);
    }
}
