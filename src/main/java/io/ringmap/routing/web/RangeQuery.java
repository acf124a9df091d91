package io.ringmap.routing.web;

import io.swagger.v3.oas.annotations.media.Schema;

/** One token range of a split and the CQL that reads it. */
@Schema(
        description = "One (start, end] range of a split: read it with its predicate (compact form: with the "
                + "answer's template, bound with start and end; predicate and cql are given only for a range the "
                + "template cannot read)")
public record RangeQuery(
        @Schema(example = "-9223372036854775808") String start,
        @Schema(example = "-4611686018427387904") String end,

        @Schema(
                description = "The CQL restriction that reads exactly this range (compact form: only where the "
                        + "template does not apply)",
                nullable = true,
                example = "token(sensor_id, day) > -9223372036854775808 AND token(sensor_id, day) <= "
                        + "-4611686018427387904")
        String predicate,

        @Schema(
                description = "A full SELECT for the range (compact form: only where the template does not " + "apply)",
                nullable = true,
                example = "SELECT * FROM iot.readings WHERE token(sensor_id, day) > -9223372036854775808 AND "
                        + "token(sensor_id, day) <= -4611686018427387904")
        String cql) {}
