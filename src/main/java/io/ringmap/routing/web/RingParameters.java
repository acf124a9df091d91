package io.ringmap.routing.web;

import io.ringmap.problem.InvalidParameterException;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * {@code GET /ring}'s parameters: whose effective ownership, and which page of nodes.
 *
 * @param limit most nodes to return, null for all
 */
record RingParameters(
        @Parameter(description = "Keyspace for effective ownership", example = "iot")
        String keyspace,

        @Parameter(
                description = "Include every node's tokens",
                example = "false",
                schema = @Schema(implementation = Boolean.class, defaultValue = "true"))
        Boolean tokens,

        @Parameter(
                description = "Index of the first node to return",
                example = "0",
                schema = @Schema(implementation = Integer.class, defaultValue = "0"))
        Integer offset,

        @Parameter(
                description = "Most nodes to return, 1.." + RingParameters.MAX_PAGE + " (all when absent)",
                example = "100")
        Integer limit) {

    /** The most nodes one page may hold. */
    static final int MAX_PAGE = 10_000;

    /** @throws InvalidParameterException for a negative offset, or a limit outside 1..{@value #MAX_PAGE} */
    RingParameters {
        tokens = tokens == null || tokens;
        offset = offset == null ? 0 : offset;
        if (offset < 0) {
            throw new InvalidParameterException("offset", "offset must be 0 or more, was " + offset);
        }
        if (limit != null && (limit < 1 || limit > MAX_PAGE)) {
            throw new InvalidParameterException("limit", "limit must be between 1 and " + MAX_PAGE + ", was " + limit);
        }
    }
}
