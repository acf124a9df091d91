package io.ringmap.planning.web;

import io.ringmap.planning.Generator;
import io.ringmap.planning.KeyDesign;
import io.ringmap.planning.KeyDesignPlanner;
import io.ringmap.planning.PlanException;
import io.ringmap.planning.Workload;
import io.ringmap.planning.service.KeyDesignPlans;
import io.ringmap.planning.service.KeyDesignService;
import io.ringmap.planning.service.PlanQuestion;
import io.ringmap.problem.ProblemKind;
import io.ringmap.ring.Node;
import io.ringmap.ring.TokenRing;
import io.ringmap.snapshot.web.SnapshotView;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** {@code POST /plan}: candidate partition key designs modelled on the real ring, side by side. */
@RestController
@Tag(name = "plan", description = "What a change would do, before making it, on the real ring")
public class PlanController {

    static final String ATLASMART = """
            {
              "keyspace": "iot",
              "workload": {
                "entities": {"normal-1": 12000, "normal-2": 8000, "celebrity-display": 480000},
                "start": "2026-08-01",
                "retentionDays": 30,
                "bytesPerRow": 420
              },
              "designs": [
                {"name": "tenant only", "columns": [
                  {"name": "tenant_id", "type": "text", "generator": {"kind": "fixed", "value": "tenant-7"}}]},
                {"name": "tenant + device + day", "columns": [
                  {"name": "tenant_id", "type": "text", "generator": {"kind": "fixed", "value": "tenant-7"}},
                  {"name": "device_id", "type": "text", "generator": {"kind": "entity"}},
                  {"name": "day", "type": "date", "generator": {"kind": "timeBucket", "unit": "day"}}]}
              ]
            }""";

    private final KeyDesignService plans;
    private final Clock clock;

    public PlanController(KeyDesignService plans, org.springframework.beans.factory.ObjectProvider<Clock> clock) {
        this.plans = plans;
        this.clock = clock.getIfAvailable(Clock::systemUTC);
    }

    // ---- request

    /** A plan request: a keyspace of the served ring, a workload, and candidate designs. */
    @Schema(description = "Candidate partition key designs for a workload, to be modelled on a keyspace's real ring")
    public record PlanRequest(
            @Schema(description = "Keyspace whose nodes, tokens and replication the plan uses", example = "iot")
            String keyspace,
            WorkloadBody workload,
            @Schema(description = "Candidate designs, compared side by side") List<DesignBody> designs,
            @Schema(description = "Guideline per partition (default 100,000 rows, 100,000,000 bytes)",
                    nullable = true) GuidelineBody guideline,
            @Schema(description = "Sampling seed (default 1)", nullable = true) Long seed) {
    }

    /** The workload. */
    public record WorkloadBody(
            @Schema(description = "Named entities (e.g. devices) and their events per day")
            Map<String, Double> entities,
            @Schema(description = "Many similar entities (sampled when too many)", nullable = true)
            PopulationBody population,
            @Schema(description = "First day of the period (default: today, UTC)", example = "2026-08-01",
                    nullable = true) String start,
            @Schema(description = "Days kept (the period)", example = "30") Integer retentionDays,
            @Schema(description = "Serialized bytes per row (event)", example = "420") Long bytesPerRow) {
    }

    /** Many entities of one rate. */
    public record PopulationBody(@Schema(example = "1000000") Long count,
            @Schema(example = "device-") String prefix, @Schema(example = "50") Double eventsPerDay) {
    }

    /** A candidate design. */
    public record DesignBody(@Schema(example = "tenant + device + day") String name, List<ColumnBody> columns) {
    }

    /** A partition key column of a design. */
    public record ColumnBody(@Schema(example = "device_id") String name, @Schema(example = "text") String type,
            GeneratorBody generator) {
    }

    /** A value generator. */
    @Schema(description = "fixed (value), entity (the workload's entity ids), timeBucket (unit: hour, day, week, "
            + "month), shard (count)")
    public record GeneratorBody(@Schema(example = "timeBucket") String kind,
            @Schema(nullable = true) String value, @Schema(example = "day", nullable = true) String unit,
            @Schema(nullable = true) Integer count) {
    }

    /** The guideline per partition. */
    public record GuidelineBody(@Schema(example = "100000") Long maxRows,
            @Schema(example = "100000000") Long maxBytes) {
    }

    // ---- response

    /** Percentiles over partitions. */
    public record PercentilesView(long p50, long p95, long p99, long max) {

        static PercentilesView of(KeyDesignPlanner.Percentiles p) {
            return new PercentilesView(Math.round(p.p50()), Math.round(p.p95()), Math.round(p.p99()),
                    Math.round(p.max()));
        }
    }

    /** The largest partition. */
    public record LargestView(Map<String, String> key, long rows, long bytes, String size, String token,
            List<String> replicas) {
    }

    /** One node's share of the design's data (every replica counts). */
    public record PlanNodeView(String address, String datacenter, String rack, long partitions, long rows, long bytes,
            double share) {
    }

    /** One replica set's share. */
    public record ReplicaSetView(List<String> replicas, long partitions, long rows, long bytes) {
    }

    /** The smallest change that brings every partition under the guideline. */
    public record FixView(int shards, long largestRowsWithShards, @Schema(nullable = true) String bucket,
            @Schema(nullable = true) Long largestRowsWithBucket, String text) {
    }

    /** One design's model. */
    public record DesignView(String name, List<ColumnBody> columns, long partitions, long rows, long bytes,
            String size, PercentilesView rowsPerPartition, PercentilesView bytesPerPartition, LargestView largest,
            @Schema(description = "Per node holding the keyspace: partitions, rows and bytes it stores as a replica")
            List<PlanNodeView> nodes,
            @Schema(description = "Largest node load / mean node load") double nodeSkew,
            @Schema(description = "Replica sets, most loaded first (at most 20)") List<ReplicaSetView> replicaSets,
            @Schema(description = "Largest replica-set load / mean over the ring's replica sets")
            double replicaSetSkew,
            @Schema(description = "Partitions read by typical queries") List<KeyDesignPlanner.Fanout> queries,
            long partitionsOverGuideline, List<String> warnings, @Schema(nullable = true) FixView fix,
            @Schema(nullable = true) KeyDesignPlanner.Sampling sampling) {
    }

    /** The designs side by side. */
    public record ComparisonRow(String design, long partitions, long largestRows, long largestBytes, double nodeSkew,
            long partitionsOverGuideline, @Schema(nullable = true) Integer shardsNeeded) {
    }

    /** The answer. */
    public record PlanResponse(String keyspace, String partitioner, Map<String, String> replication,
            GuidelineBody guideline, List<ComparisonRow> comparison, List<DesignView> designs, SnapshotView snapshot) {
    }

    @PostMapping(path = "/plan", consumes = "application/json", produces = "application/json")
    @Operation(summary = "Model candidate partition key designs on the real ring, side by side",
            description = "For a workload (entities with event rates, a period, bytes per row) and candidate designs "
                    + "(partition key columns with CQL types and value generators), the partitions, rows and bytes "
                    + "per partition (p50/p95/p99/max), the largest partition, load per node and replica set with "
                    + "skew, partitions touched by typical queries, and the smallest shard count or bucket that "
                    + "keeps every partition under the guideline. Keys are serialized and hashed as /token does. "
                    + "The example is the AtlasMart planning model of the partition key design reference: tenant "
                    + "only gives one partition of 15,000,000 rows (5.87 GiB); tenant + device + day gives 90, the "
                    + "largest the celebrity's device-day with 480,000 rows (192.26 MiB), which 5 shards bring under"
                    + " 100,000 rows.",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(content = @Content(
                    mediaType = "application/json", schema = @Schema(implementation = PlanRequest.class),
                    examples = @ExampleObject(name = "AtlasMart", value = ATLASMART))))
    public PlanResponse plan(@RequestBody PlanRequest request) {
        if (request.keyspace() == null || request.keyspace().isBlank()) {
            throw new PlanException(ProblemKind.INVALID_GENERATOR, "keyspace", "keyspace is required");
        }
        if (request.designs() == null || request.designs().isEmpty()) {
            throw new PlanException(ProblemKind.INVALID_GENERATOR, "designs", "give at least one design");
        }
        KeyDesignPlans planned = plans.plan(new RequestQuestion(request));
        TokenRing ring = planned.snapshot().tokenRing();
        List<DesignView> views = new ArrayList<>();
        List<ComparisonRow> comparison = new ArrayList<>();
        for (int d = 0; d < planned.plans().size(); d++) {
            KeyDesignPlanner.DesignPlan plan = planned.plans().get(d);
            DesignView view = view(request.designs().get(d), plan.design(), plan, ring);
            views.add(view);
            comparison.add(new ComparisonRow(view.name(), view.partitions(), view.largest() == null ? 0
                    : view.largest().rows(), view.largest() == null ? 0 : view.largest().bytes(), view.nodeSkew(),
                    view.partitionsOverGuideline(), view.fix() == null ? null : view.fix().shards()));
        }
        return new PlanResponse(planned.keyspace(), ring.partitioner().name(), planned.replication(),
                new GuidelineBody(planned.maxRows(), planned.maxBytes()), comparison, views,
                SnapshotView.of(planned.snapshot()));
    }

    /** The request's parts, each parsed when the service reads it. */
    private final class RequestQuestion implements PlanQuestion {

        private final PlanRequest request;

        RequestQuestion(PlanRequest request) {
            this.request = request;
        }

        @Override
        public String keyspace() {
            return request.keyspace();
        }

        @Override
        public int designCount() {
            return request.designs().size();
        }

        @Override
        public Workload workload() {
            return PlanController.this.workload(request.workload());
        }

        @Override
        public long maxRows() {
            return request.guideline() == null || request.guideline().maxRows() == null ? 100_000
                    : request.guideline().maxRows();
        }

        @Override
        public long maxBytes() {
            return request.guideline() == null || request.guideline().maxBytes() == null ? 100_000_000
                    : request.guideline().maxBytes();
        }

        @Override
        public long seed() {
            return request.seed() == null ? 1 : request.seed();
        }

        @Override
        public KeyDesign design(int index) {
            return PlanController.design(request.designs().get(index), index);
        }
    }

    private Workload workload(WorkloadBody w) {
        if (w == null) {
            throw new PlanException(ProblemKind.INVALID_GENERATOR, "workload", "workload is required");
        }
        LocalDate start;
        try {
            start = w.start() == null ? LocalDate.now(clock) : LocalDate.parse(w.start());
        } catch (DateTimeParseException e) {
            throw new PlanException(ProblemKind.INVALID_GENERATOR, "workload.start",
                    "start '" + w.start() + "' is not an ISO date (yyyy-MM-dd)");
        }
        Workload.Population population = null;
        if (w.population() != null) {
            PopulationBody p = w.population();
            if (p.count() == null || p.eventsPerDay() == null) {
                throw new PlanException(ProblemKind.INVALID_GENERATOR, "workload.population",
                        "a population needs count and eventsPerDay");
            }
            population = new Workload.Population(p.count(), p.prefix() == null ? "entity-" : p.prefix(),
                    p.eventsPerDay());
        }
        if (w.retentionDays() == null || w.bytesPerRow() == null) {
            throw new PlanException(ProblemKind.INVALID_GENERATOR, "workload",
                    "workload needs retentionDays and bytesPerRow");
        }
        return new Workload(w.entities() == null ? Map.of() : w.entities(), population, start, w.retentionDays(),
                w.bytesPerRow());
    }

    private static KeyDesign design(DesignBody body, int index) {
        String field = "designs[" + index + "]";
        if (body == null || body.columns() == null || body.columns().isEmpty()) {
            throw new PlanException(ProblemKind.INVALID_GENERATOR, field + ".columns",
                    "design " + index + " needs at least one column");
        }
        List<KeyDesign.Column> columns = new ArrayList<>();
        for (int c = 0; c < body.columns().size(); c++) {
            ColumnBody col = body.columns().get(c);
            String cf = field + ".columns[" + c + "]";
            if (col == null || col.name() == null || col.name().isBlank() || col.type() == null) {
                throw new PlanException(ProblemKind.INVALID_GENERATOR, cf, "a column needs a name and a type");
            }
            columns.add(new KeyDesign.Column(col.name(), col.type(), generator(col.generator(), cf + ".generator")));
        }
        return new KeyDesign(body.name() == null ? "design " + (index + 1) : body.name(), columns);
    }

    private static Generator generator(GeneratorBody g, String field) {
        if (g == null || g.kind() == null) {
            throw new PlanException(ProblemKind.INVALID_GENERATOR, field,
                    "a generator needs a kind: fixed, entity, timeBucket or shard");
        }
        switch (g.kind().toLowerCase(Locale.ROOT)) {
            case "fixed" -> {
                if (g.value() == null) {
                    throw new PlanException(ProblemKind.INVALID_GENERATOR, field, "a fixed generator needs a "
                            + "value");
                }
                return new Generator.Fixed(g.value());
            }
            case "entity" -> {
                return new Generator.Entity();
            }
            case "timebucket" -> {
                try {
                    return new Generator.TimeBucket(Generator.BucketUnit.valueOf(String.valueOf(g.unit())
                            .toUpperCase(Locale.ROOT)));
                } catch (IllegalArgumentException e) {
                    throw new PlanException(ProblemKind.INVALID_GENERATOR, field, "time bucket unit '"
                            + g.unit() + "' is not one of hour, day, week, month");
                }
            }
            case "shard" -> {
                if (g.count() == null || g.count() < 1 || g.count() > 65_536) {
                    throw new PlanException(ProblemKind.INVALID_GENERATOR, field,
                            "a shard generator needs a count from 1 to 65536, was " + g.count());
                }
                return new Generator.Shard(g.count());
            }
            default -> throw new PlanException(ProblemKind.INVALID_GENERATOR, field, "generator kind '"
                    + g.kind() + "' is not one of fixed, entity, timeBucket, shard");
        }
    }

    private static DesignView view(DesignBody body, KeyDesign design, KeyDesignPlanner.DesignPlan plan,
            TokenRing ring) {
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
            largest = new LargestView(key, Math.round(plan.largest().rows()), Math.round(plan.largest().bytes()),
                    KeyDesignPlanner.bytes(plan.largest().bytes()), plan.largest().token().toString(), replicas);
        }
        List<PlanNodeView> nodes = plan.nodes().stream().map(n -> {
            Node node = ring.nodes().get(n.node());
            return new PlanNodeView(node.address(), node.datacenter(), node.rack(), Math.round(n.partitions()),
                    Math.round(n.rows()), Math.round(n.bytes()), n.share());
        }).toList();
        List<ReplicaSetView> sets = plan.replicaSets().stream().map(s -> new ReplicaSetView(
                s.nodes().stream().map(n -> ring.nodes().get(n).address()).toList(), Math.round(s.partitions()),
                Math.round(s.rows()), Math.round(s.bytes()))).toList();
        FixView fix = plan.fix() == null ? null : new FixView(plan.fix().shards(),
                Math.round(plan.fix().largestRowsWithShards()), plan.fix().bucket() == null ? null
                        : plan.fix().bucket().name().toLowerCase(Locale.ROOT),
                plan.fix().largestRowsWithBucket() == null ? null : Math.round(plan.fix().largestRowsWithBucket()),
                plan.fix().text());
        return new DesignView(design.name(), body.columns(), Math.round(plan.partitions()), Math.round(plan.rows()),
                Math.round(plan.bytes()), KeyDesignPlanner.bytes(plan.bytes()), PercentilesView.of(
                        plan.rowsPerPartition()), PercentilesView.of(plan.bytesPerPartition()), largest, nodes,
                plan.nodeSkew(), sets, plan.replicaSetSkew(), plan.queries(),
                Math.round(plan.partitionsOverGuideline()), plan.warnings(), fix, plan.sampling());
    }
}
