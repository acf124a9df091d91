package io.ringmap.planning.web;

import io.ringmap.planning.KeyDesign;
import io.ringmap.planning.KeyDesignPlanner;
import io.ringmap.planning.service.KeyDesignPlans;
import io.ringmap.planning.web.PlanRequest.ColumnBody;
import io.ringmap.planning.web.PlanRequest.DesignBody;
import io.ringmap.planning.web.PlanRequest.GuidelineBody;
import io.ringmap.ring.Node;
import io.ringmap.ring.TokenRing;
import io.ringmap.snapshot.web.SnapshotView;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The answer to {@code POST /plan}: each design modelled on the ring, and the designs side by side. */
public record PlanResponse(
        String keyspace,
        String partitioner,
        Map<String, String> replication,
        GuidelineBody guideline,
        List<ComparisonRow> comparison,
        List<DesignView> designs,
        SnapshotView snapshot) {

    /** Percentiles over partitions. */
    public record PercentilesView(long p50, long p95, long p99, long max) {

        static PercentilesView of(KeyDesignPlanner.Percentiles p) {
            return new PercentilesView(
                    Math.round(p.p50()), Math.round(p.p95()), Math.round(p.p99()), Math.round(p.max()));
        }
    }

    /** The largest partition. */
    public record LargestView(
            Map<String, String> key, long rows, long bytes, String size, String token, List<String> replicas) {}

    /** One node's share of the design's data (every replica counts). */
    public record PlanNodeView(
            String address, String datacenter, String rack, long partitions, long rows, long bytes, double share) {}

    /** One replica set's share. */
    public record ReplicaSetView(List<String> replicas, long partitions, long rows, long bytes) {}

    /** The smallest change that brings every partition under the guideline. */
    public record FixView(
            int shards,
            long largestRowsWithShards,
            @Schema(nullable = true) String bucket,
            @Schema(nullable = true) Long largestRowsWithBucket,
            String text) {}

    /** One design's model. */
    public record DesignView(
            String name,
            List<ColumnBody> columns,
            long partitions,
            long rows,
            long bytes,
            String size,
            PercentilesView rowsPerPartition,
            PercentilesView bytesPerPartition,
            LargestView largest,

            @Schema(description = "Per node holding the keyspace: partitions, rows and bytes it stores as a replica")
            List<PlanNodeView> nodes,

            @Schema(description = "Largest node load / mean node load")
            double nodeSkew,

            @Schema(description = "Replica sets, most loaded first (at most 20)")
            List<ReplicaSetView> replicaSets,

            @Schema(description = "Largest replica-set load / mean over the ring's replica sets")
            double replicaSetSkew,

            @Schema(description = "Partitions read by typical queries")
            List<KeyDesignPlanner.Fanout> queries,

            long partitionsOverGuideline,
            List<String> warnings,
            @Schema(nullable = true) FixView fix,
            @Schema(nullable = true) KeyDesignPlanner.Sampling sampling) {}

    /** The designs side by side. */
    public record ComparisonRow(
            String design,
            long partitions,
            long largestRows,
            long largestBytes,
            double nodeSkew,
            long partitionsOverGuideline,
            @Schema(nullable = true) Integer shardsNeeded) {}

    /**
     * The plans as answered; {@code designs} are the request's, in the plans' order, whose columns each design's view
     * shows as the caller gave them.
     */
    static PlanResponse of(KeyDesignPlans planned, List<DesignBody> designs) {
        TokenRing ring = planned.snapshot().tokenRing();
        List<DesignView> views = new ArrayList<>();
        List<ComparisonRow> comparison = new ArrayList<>();
        for (int d = 0; d < planned.plans().size(); d++) {
            KeyDesignPlanner.DesignPlan plan = planned.plans().get(d);
            DesignView view = view(designs.get(d), plan.design(), plan, ring);
            views.add(view);
            comparison.add(new ComparisonRow(
                    view.name(),
                    view.partitions(),
                    view.largest() == null ? 0 : view.largest().rows(),
                    view.largest() == null ? 0 : view.largest().bytes(),
                    view.nodeSkew(),
                    view.partitionsOverGuideline(),
                    view.fix() == null ? null : view.fix().shards()));
        }
        return new PlanResponse(
                planned.keyspace(),
                ring.partitioner().name(),
                planned.replication(),
                new GuidelineBody(planned.maxRows(), planned.maxBytes()),
                comparison,
                views,
                SnapshotView.of(planned.snapshot()));
    }

    private static DesignView view(
            DesignBody body, KeyDesign design, KeyDesignPlanner.DesignPlan plan, TokenRing ring) {
        LargestView largest = null;
        if (plan.largest() != null) {
            Map<String, String> key = new LinkedHashMap<>();
            for (int i = 0; i < design.columns().size(); i++) {
                key.put(design.columns().get(i).name(), plan.largest().key().get(i));
            }
            List<String> replicas = new ArrayList<>();
            for (int n : plan.largest().replicas()) {
                replicas.add(ring.nodes().get(n).address());
            }
            largest = new LargestView(
                    key,
                    Math.round(plan.largest().rows()),
                    Math.round(plan.largest().bytes()),
                    KeyDesignPlanner.bytes(plan.largest().bytes()),
                    plan.largest().token().toString(),
                    replicas);
        }
        List<PlanNodeView> nodes = plan.nodes().stream()
                .map(n -> {
                    Node node = ring.nodes().get(n.node());
                    return new PlanNodeView(
                            node.address(),
                            node.datacenter(),
                            node.rack(),
                            Math.round(n.partitions()),
                            Math.round(n.rows()),
                            Math.round(n.bytes()),
                            n.share());
                })
                .toList();
        List<ReplicaSetView> sets = plan.replicaSets().stream()
                .map(s -> new ReplicaSetView(
                        s.nodes().stream()
                                        .map(n -> ring.nodes().get(n).address())
                                        .toList(),
                                Math.round(s.partitions()),
                        Math.round(s.rows()), Math.round(s.bytes())))
                .toList();
        FixView fix = plan.fix() == null
                ? null
                : new FixView(
                        plan.fix().shards(),
                        Math.round(plan.fix().largestRowsWithShards()),
                        plan.fix().bucket() == null
                                ? null
                                : plan.fix().bucket().name().toLowerCase(Locale.ROOT),
                        plan.fix().largestRowsWithBucket() == null
                                ? null
                                : Math.round(plan.fix().largestRowsWithBucket()),
                        plan.fix().text());
        return new DesignView(
                design.name(),
                body.columns(),
                Math.round(plan.partitions()),
                Math.round(plan.rows()),
                Math.round(plan.bytes()),
                KeyDesignPlanner.bytes(plan.bytes()),
                PercentilesView.of(plan.rowsPerPartition()),
                PercentilesView.of(plan.bytesPerPartition()),
                largest,
                nodes,
                plan.nodeSkew(),
                sets,
                plan.replicaSetSkew(),
                plan.queries(),
                Math.round(plan.partitionsOverGuideline()),
                plan.warnings(),
                fix,
                plan.sampling());
    }
}
