package io.ringmap.peers.web;

import io.ringmap.peers.Contributors;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * Whose counts an answer merges ({@code peers} of {@code /hotkeys}, {@code /heatmap} and the sizes answers); the
 * {@link Scope} asked for chooses between this instance's counts and the deployment's.
 */
@Schema(description = "Whose counts an answer merges")
public record PeersView(
        @Schema(
                description =
                        "local: this instance's counts only; deployment: merged with the peers' " + "(ringmap.peers.*)",
                allowableValues = {"local", "deployment"})
        String scope,

        @Schema(
                description = "Peers (host:port of their management port) whose counts are in the answer",
                example = "[\"10.0.3.12:8081\"]")
        List<String> contributed,

        @Schema(description = "Known peers whose counts are not in the answer, each with the reason")
        List<Contributors.Missing> missing) {

    public static PeersView of(Contributors contributors) {
        return new PeersView(contributors.scope(), contributors.contributed(), contributors.missing());
    }
}
