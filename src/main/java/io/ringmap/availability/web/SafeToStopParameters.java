package io.ringmap.availability.web;

import static io.ringmap.problem.InvalidParameterException.required;

import io.ringmap.consistency.ConsistencyLevel;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** {@code GET /availability/safe-to-stop}'s parameters. */
record SafeToStopParameters(
        @Parameter(description = "Node address or host id", example = "127.0.0.1", required = true)
        String node,

        @Parameter(
                description = "Consistency level",
                example = "QUORUM",
                required = true,
                schema = @Schema(implementation = String.class))
        ConsistencyLevel consistency,

        @Parameter(description = "Only this keyspace (default: every keyspace not node-local)")
        String keyspace,

        @Parameter(description = "Nodes to assume down as well, comma-separated")
        List<String> down,

        @Parameter(description = AvailabilityParameters.COORDINATOR_DC)
        String dc) {

    SafeToStopParameters {
        required("node", node);
        required("consistency", consistency);
    }

    /** The nodes to assume down as well, each once as given. */
    List<String> downNodes() {
        return DownNodes.names(down);
    }
}
