package io.ringmap.routing.web;

import io.swagger.v3.oas.annotations.media.Schema;

/** The statement of the compact form, prepared once and bound with each range's bounds. */
@Schema(
        description = "compact=true: the CQL every range shares, with the bind markers :start and :end; bind "
                + "them with a range's start and end as the partitioner's token type (bigint for Murmur3, varint for "
                + "Random, blob for ByteOrdered)")
public record CqlTemplate(
        @Schema(example = "token(sensor_id, day) > :start AND token(sensor_id, day) <= :end")
        String predicate,

        @Schema(
                example = "SELECT * FROM iot.readings WHERE token(sensor_id, day) > :start AND "
                        + "token(sensor_id, day) <= :end")
        String cql) {}
