package io.ringmap.sizes.web;

import io.swagger.v3.oas.annotations.Parameter;

/** {@code GET /load}'s parameter: the keyspace whose effective ownership and tables' load, null for every table. */
record LoadParameters(
        @Parameter(description = "Keyspace for effective ownership and its tables' load", example = "iot")
        String keyspace) {}
