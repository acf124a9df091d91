package io.ringmap.planning.web;

import io.ringmap.planning.ShardPlanner;
import java.util.Map;

/** How far a set of shard keys spreads. */
public record SpreadView(
        Map<String, Integer> nodesByDatacenter,
        Map<String, Integer> replicaSetsByDatacenter,
        int nodes,
        int replicaSets) {

    static SpreadView of(ShardPlanner.Spread s) {
        return new SpreadView(s.nodesByDatacenter(), s.replicaSetsByDatacenter(), s.nodes(), s.replicaSets());
    }
}
