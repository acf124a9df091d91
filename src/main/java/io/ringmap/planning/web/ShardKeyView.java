package io.ringmap.planning.web;

import io.ringmap.planning.ShardPlanner;
import io.ringmap.ring.TokenRing;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.Arrays;
import java.util.List;

/** One shard key. */
public record ShardKeyView(
        String shard,
        @Schema(description = "The shard key's token") String token,
        List<String> replicas) {

    static List<ShardKeyView> of(List<ShardPlanner.ShardKey> keys, TokenRing ring) {
        return keys.stream()
                .map(k -> new ShardKeyView(
                        Long.toString(k.value()),
                        k.token().toString(),
                        Arrays.stream(k.replicas())
                                .mapToObj(i -> ring.nodes().get(i).address())
                                .toList()))
                .toList();
    }
}
