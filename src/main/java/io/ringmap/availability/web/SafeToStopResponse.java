package io.ringmap.availability.web;

import io.ringmap.availability.service.SafeToStop;
import io.ringmap.consistency.ConsistencyLevel;
import io.ringmap.snapshot.web.SnapshotView;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** The answer when a node can be stopped. */
public record SafeToStopResponse(
        String node,
        ConsistencyLevel consistency,
        boolean safe,
        @Schema(nullable = true) String localDatacenter,
        List<String> keyspaces,
        SnapshotView snapshot) {

    static SafeToStopResponse of(SafeToStop s) {
        return new SafeToStopResponse(
                s.node(), s.level(), true, s.localDatacenter(), s.keyspaces(), SnapshotView.of(s.snapshot()));
    }
}
