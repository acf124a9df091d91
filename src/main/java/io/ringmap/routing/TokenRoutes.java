package io.ringmap.routing;

import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.ReplicaLookup;
import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.token.Token;
import java.util.List;

/** Tokens of one request (given directly, without keys) and their replicas, against one snapshot. */
public record TokenRoutes(ServedSnapshot snapshot, KeyspacePlacement.Placed placement, List<TokenRoute> tokens) {

    /** One token as the partitioner parsed it, and the range owning it with its replicas. */
    public record TokenRoute(Token token, ReplicaLookup replicas) {}
}
