package io.ringmap.availability.web;

import io.ringmap.consistency.Availability;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** One keyspace's outage. */
public record KeyspaceAvailability(
        String keyspace,
        int ranges,
        int unavailableForReads,
        int unavailableForWrites,

        @Schema(description = "Share of the ring (0..1) whose reads fail")
        double readShareLost,

        @Schema(description = "Share of the ring (0..1) whose writes fail")
        double writeShareLost,

        @Schema(description = "The failing ranges (at most `limit`)")
        List<RangeOutageView> unavailableRanges) {

    static KeyspaceAvailability of(Availability.KeyspaceAvailability a) {
        return new KeyspaceAvailability(
                a.keyspace(),
                a.ranges(),
                a.unavailableForReads(),
                a.unavailableForWrites(),
                a.readShareLost(),
                a.writeShareLost(),
                a.unavailable().stream().map(RangeOutageView::of).toList());
    }
}
