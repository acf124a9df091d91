package io.ringmap.routing.web;

import io.ringmap.ring.TokenRange;
import io.swagger.v3.oas.annotations.media.Schema;

/** A token range {@code (start, end]}; tokens as strings. */
@Schema(description = "A token range (start, end]: start exclusive, end inclusive; wraps when start >= end")
public record RangeView(
        @Schema(example = "0") String start,
        @Schema(example = "4611686018427387904") String end) {

    static RangeView of(TokenRange r) {
        return new RangeView(r.start().toString(), r.end().toString());
    }
}
