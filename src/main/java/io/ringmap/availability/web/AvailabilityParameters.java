package io.ringmap.availability.web;

import static io.ringmap.problem.InvalidParameterException.required;

import io.ringmap.consistency.ConsistencyLevel;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/**
 * {@code GET /availability}'s parameters.
 *
 * @param down nodes to assume down, comma-separated or repeated ({@link #downNodes()})
 * @param limit most ranges listed per keyspace (0 or more: the service checks it)
 */
record AvailabilityParameters(
        @Parameter(
                description = "Consistency level",
                example = "QUORUM",
                required = true,
                schema = @Schema(implementation = String.class))
        ConsistencyLevel consistency,

        @Parameter(description = "Only this keyspace (default: every keyspace not node-local)", example = "iot")
        String keyspace,

        @Parameter(
                description = "Nodes (address or host id) to assume down as well, comma-separated or "
                        + "repeated (e.g. 127.0.0.3); no example value, so Swagger UI's Try it out asks about now")
        List<String> down,

        @Parameter(description = COORDINATOR_DC) String dc,

        @Parameter(
                description = "Most ranges listed per keyspace",
                example = "100",
                schema = @Schema(implementation = Integer.class, defaultValue = "100"))
        Integer limit) {

    /** What {@code dc} means to both availability questions. */
    static final String COORDINATOR_DC = "Coordinator's DC: counts the LOCAL_* levels, and the cheap write quorum of a "
            + "transient SimpleStrategy keyspace (default spring.cassandra.local-datacenter)";

    AvailabilityParameters {
        required("consistency", consistency);
        limit = limit == null ? 100 : limit;
    }

    /** The nodes to assume down, each once as given. */
    List<String> downNodes() {
        return DownNodes.names(down);
    }
}
