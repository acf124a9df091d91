package io.ringmap.planning.web;

import io.ringmap.planning.ShardPlanner;
import io.ringmap.planning.service.ShardPlans;
import io.ringmap.ring.TokenRing;
import io.ringmap.snapshot.web.SnapshotView;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Map;

/**
 * The answer. For a hot key named by its hash while clear keys are hidden (export-key hash), only what does not
 * depend on the key's bytes: the count, the load and the sketch's figures; no shard key, replica or spread, which
 * a caller could compare with the plan of a guessed key.
 */
public record ShardsResponse(
        String keyspace,
        String table,

        @Schema(
                description = "The key's other columns; absent for a hot key named by its hash while clear keys "
                        + "are hidden (export-key hash)",
                nullable = true)
        Map<String, String> key,

        String shardColumn,

        @Schema(description = "Shards needed: ceil(load / target), or the count given")
        int count,

        @Schema(
                description = "Shard values 0..count-1; absent for a hashed hot key (its placement is not " + "shown)",
                nullable = true)
        List<ShardKeyView> sequential,

        @Schema(nullable = true) SpreadView sequentialSpread,

        @Schema(
                description = "Shard values chosen among the first candidates to reach the most nodes; absent for"
                        + " a hashed hot key",
                nullable = true)
        List<ShardKeyView> spread,

        @Schema(nullable = true) SpreadView spreadSpread,

        @Schema(description = "Candidates searched; absent for a hashed hot key", nullable = true)
        Integer candidatesSearched,

        int nodesInRing,

        @Schema(description = "The load used: load, or the hot key's estimate", nullable = true)
        Double load,

        @Schema(description = "The hot key the plan started from (hotkey=)", nullable = true)
        ShardHotKeyView hotKey,

        SnapshotView snapshot) {

    static ShardsResponse of(ShardPlans p) {
        TokenRing ring = p.snapshot().tokenRing();
        ShardPlanner.ShardPlan plan = p.plan();
        if (plan == null) {
            return new ShardsResponse(
                    p.keyspace(),
                    p.table(),
                    null,
                    p.shardColumn(),
                    p.count(),
                    null,
                    null,
                    null,
                    null,
                    null,
                    ring.nodes().size(),
                    p.load(),
                    ShardHotKeyView.of(p.hotKey()),
                    SnapshotView.of(p.snapshot()));
        }
        return new ShardsResponse(
                p.keyspace(),
                p.table(),
                p.key(),
                p.shardColumn(),
                p.count(),
                ShardKeyView.of(plan.sequential(), ring),
                SpreadView.of(plan.sequentialSpread()),
                ShardKeyView.of(plan.chosen(), ring),
                SpreadView.of(plan.chosenSpread()),
                plan.candidatesSearched(),
                ring.nodes().size(),
                p.load(),
                ShardHotKeyView.of(p.hotKey()),
                SnapshotView.of(p.snapshot()));
    }
}
