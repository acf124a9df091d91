package io.ringmap.routing;

import io.ringmap.consistency.ReplicaConsistency;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Node;
import io.ringmap.ring.ReplicaLookup;
import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.token.Token;
import java.util.List;

/**
 * One key's or token's replicas, against one snapshot: the natural replicas, the pending ones while the ring changes
 * and, when a consistency level was asked, what a read and a write at that level need of them.
 *
 * @param key         the routed key, or null when a token was given
 * @param lookup      the node-owned range holding the token and its replicas in placement order
 * @param pending     the token's pending replicas in every data centre (empty when no range is in motion)
 * @param consistency the level's verdicts, or null when none was asked
 */
public record ReplicaRoute(
        ServedSnapshot snapshot,
        KeyspacePlacement.Placed placement,
        KeyRoute key,
        Token token,
        ReplicaLookup lookup,
        List<Node> pending,
        ReplicaConsistency consistency) {}
