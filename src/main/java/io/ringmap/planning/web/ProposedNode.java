package io.ringmap.planning.web;

import io.ringmap.planning.service.TokenPlans;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** One node of a proposed layout. */
public record ProposedNode(
        @Schema(example = "127.0.0.5") String address,
        @Schema(nullable = true) String hostId,
        @Schema(example = "dc1") String datacenter,
        @Schema(example = "rack1") String rack,
        List<String> tokens) {

    /** The service's form; a missing node becomes one without any of the fields it needs. */
    static TokenPlans.Proposal proposal(ProposedNode n) {
        return n == null
                ? new TokenPlans.Proposal(null, null, null, null, null)
                : new TokenPlans.Proposal(n.address(), n.hostId(), n.datacenter(), n.rack(), n.tokens());
    }
}
