package io.ringmap.hotkeys.web;

import io.ringmap.hotkeys.HotKey;
import io.ringmap.hotkeys.service.HotKeyQuery.RoutedHotKey;
import io.ringmap.routing.KeyRoute;
import io.ringmap.routing.web.ReplicaView;
import io.ringmap.snapshot.ServedSnapshot;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Map;

/** One hot key. */
@Schema(description = "A hot partition key with the sketch's estimate and bounds")
public record HotKeyView(
        @Schema(
                description = "The key's label: components' CQL text joined with ':' ('\\' escapes ':' and "
                        + "'\\'), as nodetool getendpoints prints composite keys; with export-key hash (clear keys not "
                        + "shown) the hash",
                example = "sensor-17:2026-10-01")
        String label,

        @Schema(
                description = "The partition tag of ringmap_hotkey_hits_total for this key: the label, or its "
                        + "hash with export-key hash",
                example = "sensor-17:2026-10-01")
        String exportedAs,

        @Schema(
                description = "The key by column; absent when the label was shortened (over 256 characters)",
                nullable = true,
                example = "{\"sensor_id\": \"sensor-17\", \"day\": \"2026-10-01\"}")
        Map<String, String> key,

        @Schema(description = "Estimated hits in the window", example = "1200")
        long estimate,

        @Schema(description = "Hits certainly seen", example = "1190")
        long lowerBound,

        @Schema(description = "Hits at most seen", example = "1200")
        long upperBound,

        @Schema(description = "upperBound - lowerBound: how far the estimate may be off", example = "10")
        long errorBound,

        @Schema(description = "estimate / hits of the table in the window, 0..1", example = "0.31")
        double share,

        @Schema(description = "The key's token (absent when key is)", nullable = true, example = "-5244601577406426113")
        String token,

        @Schema(
                description = "The key's replicas, primary first (absent when the keyspace cannot be placed, and "
                        + "with export-key hash while clear keys are hidden)",
                nullable = true)
        List<ReplicaView> replicas,

        @Schema(description = "Where the counts come from: client (lookups and POST /hits)", example = "client")
        String source) {

    static HotKeyView of(ServedSnapshot served, RoutedHotKey k, boolean clearKeys) {
        HotKey hot = k.hotKey();
        KeyRoute r = k.route();
        if (!clearKeys) {
            // export-key hash: the hashed label and the sketch's figures only; nothing computed from the key's
            // bytes: no column values, no token (an unkeyed hash of the key, so a dictionary of candidate keys
            // would find it), no replicas (compared with a guessed key's replicas, they would confirm the guess)
            return new HotKeyView(
                    hot.key(),
                    hot.key(),
                    null,
                    hot.estimate(),
                    hot.lowerBound(),
                    hot.upperBound(),
                    hot.upperBound() - hot.lowerBound(),
                    hot.share(),
                    null,
                    null,
                    "client");
        }
        return new HotKeyView(
                hot.label(),
                hot.key(),
                r == null ? null : r.keyByColumn(),
                hot.estimate(),
                hot.lowerBound(),
                hot.upperBound(),
                hot.upperBound() - hot.lowerBound(),
                hot.share(),
                r == null ? null : r.token().toString(),
                r == null || r.replicas() == null
                        ? null
                        : ReplicaView.of(served.tokenRing(), r.replicas().replicas(), null),
                "client");
    }
}
