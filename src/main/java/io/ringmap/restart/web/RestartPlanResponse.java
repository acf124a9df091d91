package io.ringmap.restart.web;

import io.ringmap.consistency.ConsistencyLevel;
import io.ringmap.restart.WaveCheck;
import io.ringmap.restart.service.PlannedRestart;
import io.ringmap.snapshot.web.SnapshotView;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Map;

/** A rolling restart's waves. */
public record RestartPlanResponse(
        @Schema(description = "The ordered waves") List<WaveView> waves,
        @Schema(description = "How many waves") int waveCount,

        @Schema(description = "The waves one node at a time would need")
        int oneAtATime,

        @Schema(description = "Per keyspace kept, its level")
        Map<String, ConsistencyLevel> levels,

        @Schema(description = "Per level, the coordinators' data centres it is kept for")
        Map<ConsistencyLevel, List<String>> datacenters,

        SnapshotView snapshot) {

    static RestartPlanResponse of(PlannedRestart p) {
        return new RestartPlanResponse(
                p.waves().stream().map(WaveView::of).toList(),
                p.waves().size(),
                p.oneAtATime(),
                p.levels(),
                p.datacenters(),
                SnapshotView.of(p.snapshot()));
    }

    /** One wave: nodes stopped together, and why every keyspace keeps its level meanwhile. */
    public record WaveView(
            int wave,
            List<String> nodes,
            @Schema(description = "dc/rack of each node") List<String> racks,

            @Schema(description = "Racks all of whose members are in this wave")
            List<String> wholeRacks,

            @Schema(
                    description = "Per keyspace, level and data centre: what /availability answers with the "
                            + "wave's nodes down")
            List<WaveCheck> checks) {

        static WaveView of(PlannedRestart.PlannedWave w) {
            return w == null ? null : new WaveView(w.number(), w.nodes(), w.racks(), w.wholeRacks(), w.checks());
        }
    }
}
