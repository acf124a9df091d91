package io.ringmap.routing.web;

import io.ringmap.ring.ReplicaLookup;
import io.ringmap.routing.RoutingService;
import io.ringmap.snapshot.ServedSnapshot;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.annotation.JsonSerialize;

/** One key or token of a batch. */
public record ReplicasResult(
        Map<String, String> key,
        String token,
        RangeView range,
        @JsonSerialize(using = ReplicaViews.Writer.class) List<ReplicaView> replicas) {

    /** A batch item; {@code dc} was checked once for the batch ({@link RoutingService#requireDatacenter}). */
    static ReplicasResult of(
            ServedSnapshot served, Map<String, String> key, String token, ReplicaLookup lookup, String dc) {
        return new ReplicasResult(
                key, token, RangeView.of(lookup.range()), ReplicaViews.of(served.tokenRing(), lookup.replicas(), dc));
    }
}
