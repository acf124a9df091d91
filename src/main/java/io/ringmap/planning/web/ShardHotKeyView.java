package io.ringmap.planning.web;

import io.ringmap.planning.service.ShardPlans;
import io.swagger.v3.oas.annotations.media.Schema;

/** The hot key a plan started from, with the sketch's figures as {@code GET /hotkeys} shows them. */
public record ShardHotKeyView(
        @Schema(description = "Keyspace of the table the key was counted for")
        String keyspace,

        @Schema(description = "Table the key was counted for")
        String table,

        @Schema(description = "The label as given (as GET /hotkeys shows it)")
        String label,

        @Schema(description = "Estimated hits in the sketch window; the load when none is given")
        long estimate,

        long lowerBound,
        long upperBound,

        @Schema(description = "estimate / hits of the table in the window, 0..1")
        double share,

        @Schema(
                description = "ringmap.hotkeys.window (ISO-8601): estimates cover the last one to two windows",
                example = "PT5M")
        String window) {

    static ShardHotKeyView of(ShardPlans.HotKeyStart h) {
        return h == null
                ? null
                : new ShardHotKeyView(
                        h.keyspace(),
                        h.table(),
                        h.label(),
                        h.hotKey().estimate(),
                        h.hotKey().lowerBound(),
                        h.hotKey().upperBound(),
                        h.hotKey().share(),
                        h.window() == null ? null : h.window().toString());
    }
}
