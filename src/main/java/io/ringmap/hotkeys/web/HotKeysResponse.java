package io.ringmap.hotkeys.web;

import io.ringmap.peers.web.PeersView;
import io.ringmap.snapshot.web.SnapshotView;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** The answer. */
@Schema(description = "Hot partition keys per table")
public record HotKeysResponse(
        @Schema(
                description = "How keys appear in metrics: plain (the label) or hash (HMAC-SHA256 with the "
                        + "configured salt, 16 hex characters)",
                allowableValues = {"plain", "hash"})
        String exportKey,

        @Schema(
                description = "Whether labels, keys and tokens are shown in clear: always with plain; with hash "
                        + "only when ringmap.hotkeys.show-clear-keys is true (otherwise label is the hash and key, "
                        + "token and replicas are absent)")
        boolean clearKeys,

        @Schema(description = "Keys per table with their own series (ringmap.hotkeys.top-k)", example = "20")
        int topK,

        @Schema(description = "Sketch window (ringmap.hotkeys.window), ISO-8601", example = "PT5M")
        String window,

        List<TableView> tables,

        @Schema(
                description = "Whose counts the answer merges: this instance's alone (scope local) or every "
                        + "instance's (scope deployment: the peers that answered in time, and those that did not)")
        PeersView peers,

        SnapshotView snapshot) {}
