package io.ringmap.web;

import static io.ringmap.problem.InvalidParameterException.required;

import io.swagger.v3.oas.annotations.Parameter;

/** The node a request is about, as the required {@code node} query parameter: an address or a host id. */
public record NodeParameter(
        @Parameter(description = "Node address or host id", example = "127.0.0.1", required = true)
        String node) {

    public NodeParameter {
        required("node", node);
    }
}
