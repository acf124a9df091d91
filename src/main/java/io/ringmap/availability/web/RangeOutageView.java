package io.ringmap.availability.web;

import io.ringmap.consistency.Availability;
import io.ringmap.consistency.Verdict;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** One range that cannot serve reads or writes at the level. */
public record RangeOutageView(
        @Schema(example = "0") String start,
        @Schema(example = "4611686018427387904") String end,
        @Schema(description = "Share of the ring, 0..1") double ringShare,

        @Schema(description = "Replica addresses, primary first")
        List<String> replicas,

        @Schema(description = "False when reads fail with UnavailableException")
        boolean readable,

        @Schema(description = "False when writes fail with UnavailableException")
        boolean writable,

        @Schema(description = "Why reads fail (null when they succeed)", nullable = true)
        String readReason,

        @Schema(description = "Why writes fail (null when they succeed)", nullable = true)
        String writeReason) {

    static RangeOutageView of(Availability.RangeOutage o) {
        return new RangeOutageView(
                o.range().start().toString(),
                o.range().end().toString(),
                o.ringShare(),
                o.replicas(),
                readable(o.read()),
                readable(o.write()),
                readable(o.read()) ? null : o.read().reason(),
                readable(o.write()) ? null : o.write().reason());
    }

    /** A level that does not apply to the kind of request (ANY for reads) is no outage of it. */
    private static boolean readable(Verdict v) {
        return !v.valid() || v.achievable();
    }
}
