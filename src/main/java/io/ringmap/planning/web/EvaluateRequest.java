package io.ringmap.planning.web;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** A proposed layout: new nodes added to the live ring, or a whole new layout. */
public record EvaluateRequest(
        @Schema(description = "add (to the served ring) or replace", example = "add")
        String mode,

        List<ProposedNode> nodes) {}
