package io.ringmap.planning.web;

import io.ringmap.planning.Generator;
import io.ringmap.planning.KeyDesign;
import io.ringmap.planning.PlanException;
import io.ringmap.planning.Workload;
import io.ringmap.planning.service.PlanQuestion;
import io.ringmap.problem.ProblemKind;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Clock;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A plan request: a keyspace of the served ring, a workload, and candidate designs. */
@Schema(description = "Candidate partition key designs for a workload, to be modelled on a keyspace's real ring")
public record PlanRequest(
        @Schema(description = "Keyspace whose nodes, tokens and replication the plan uses", example = "iot")
        String keyspace,

        WorkloadBody workload,

        @Schema(description = "Candidate designs, compared side by side")
        List<DesignBody> designs,

        @Schema(description = "Guideline per partition (default 100,000 rows, 100,000,000 bytes)", nullable = true)
        GuidelineBody guideline,

        @Schema(description = "Sampling seed (default 1)", nullable = true)
        Long seed) {

    /** The workload. */
    public record WorkloadBody(
            @Schema(description = "Named entities (e.g. devices) and their events per day")
            Map<String, Double> entities,

            @Schema(description = "Many similar entities (sampled when too many)", nullable = true)
            PopulationBody population,

            @Schema(
                    description = "First day of the period (default: today, UTC)",
                    example = "2026-08-01",
                    nullable = true)
            String start,

            @Schema(description = "Days kept (the period)", example = "30")
            Integer retentionDays,

            @Schema(description = "Serialized bytes per row (event)", example = "420")
            Long bytesPerRow) {}

    /** Many entities of one rate. */
    public record PopulationBody(
            @Schema(example = "1000000") Long count,
            @Schema(example = "device-") String prefix,
            @Schema(example = "50") Double eventsPerDay) {}

    /** A candidate design. */
    public record DesignBody(
            @Schema(example = "tenant + device + day") String name, List<ColumnBody> columns) {}

    /** A partition key column of a design. */
    public record ColumnBody(
            @Schema(example = "device_id") String name,
            @Schema(example = "text") String type,
            GeneratorBody generator) {}

    /** A value generator. */
    @Schema(
            description = "fixed (value), entity (the workload's entity ids), timeBucket (unit: hour, day, week, "
                    + "month), shard (count)")
    public record GeneratorBody(
            @Schema(example = "timeBucket") String kind,
            @Schema(nullable = true) String value,
            @Schema(example = "day", nullable = true) String unit,
            @Schema(nullable = true) Integer count) {}

    /** The guideline per partition. */
    public record GuidelineBody(
            @Schema(example = "100000") Long maxRows,
            @Schema(example = "100000000") Long maxBytes) {}

    /**
     * This request as the service's question; the keyspace and the designs are required here, every other part is
     * parsed when the service reads it.
     *
     * @param clock gives today (UTC) as the workload's start when the request names none
     */
    PlanQuestion question(Clock clock) {
        if (keyspace == null || keyspace.isBlank()) {
            throw new PlanException(ProblemKind.INVALID_GENERATOR, "keyspace", "keyspace is required");
        }
        if (designs == null || designs.isEmpty()) {
            throw new PlanException(ProblemKind.INVALID_GENERATOR, "designs", "give at least one design");
        }
        return new RequestQuestion(this, clock);
    }

    /** The request's parts, each parsed when the service reads it. */
    private static final class RequestQuestion implements PlanQuestion {

        private final PlanRequest request;
        private final Clock clock;

        RequestQuestion(PlanRequest request, Clock clock) {
            this.request = request;
            this.clock = clock;
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
            return PlanRequest.workload(request.workload(), clock);
        }

        @Override
        public long maxRows() {
            return request.guideline() == null || request.guideline().maxRows() == null
                    ? 100_000
                    : request.guideline().maxRows();
        }

        @Override
        public long maxBytes() {
            return request.guideline() == null || request.guideline().maxBytes() == null
                    ? 100_000_000
                    : request.guideline().maxBytes();
        }

        @Override
        public long seed() {
            return request.seed() == null ? 1 : request.seed();
        }

        @Override
        public KeyDesign design(int index) {
            return PlanRequest.design(request.designs().get(index), index);
        }
    }

    private static Workload workload(WorkloadBody w, Clock clock) {
        if (w == null) {
            throw new PlanException(ProblemKind.INVALID_GENERATOR, "workload", "workload is required");
        }
        LocalDate start;
        try {
            start = w.start() == null ? LocalDate.now(clock) : LocalDate.parse(w.start());
        } catch (DateTimeParseException e) {
            throw new PlanException(
                    ProblemKind.INVALID_GENERATOR,
                    "workload.start",
                    "start '" + w.start() + "' is not an ISO date (yyyy-MM-dd)");
        }
        Workload.Population population = null;
        if (w.population() != null) {
            PopulationBody p = w.population();
            if (p.count() == null || p.eventsPerDay() == null) {
                throw new PlanException(
                        ProblemKind.INVALID_GENERATOR,
                        "workload.population",
                        "a population needs count and eventsPerDay");
            }
            population =
                    new Workload.Population(p.count(), p.prefix() == null ? "entity-" : p.prefix(), p.eventsPerDay());
        }
        if (w.retentionDays() == null || w.bytesPerRow() == null) {
            throw new PlanException(
                    ProblemKind.INVALID_GENERATOR, "workload", "workload needs retentionDays and bytesPerRow");
        }
        return new Workload(
                w.entities() == null ? Map.of() : w.entities(), population, start, w.retentionDays(), w.bytesPerRow());
    }

    private static KeyDesign design(DesignBody body, int index) {
        String field = "designs[" + index + "]";
        if (body == null || body.columns() == null || body.columns().isEmpty()) {
            throw new PlanException(
                    ProblemKind.INVALID_GENERATOR,
                    field + ".columns",
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
            throw new PlanException(
                    ProblemKind.INVALID_GENERATOR,
                    field,
                    "a generator needs a kind: fixed, entity, timeBucket or shard");
        }
        switch (g.kind().toLowerCase(Locale.ROOT)) {
            case "fixed" -> {
                if (g.value() == null) {
                    throw new PlanException(
                            ProblemKind.INVALID_GENERATOR, field, "a fixed generator needs a " + "value");
                }
                return new Generator.Fixed(g.value());
            }
            case "entity" -> {
                return new Generator.Entity();
            }
            case "timebucket" -> {
                try {
                    return new Generator.TimeBucket(Generator.BucketUnit.valueOf(
                            String.valueOf(g.unit()).toUpperCase(Locale.ROOT)));
                } catch (IllegalArgumentException e) {
                    throw new PlanException(
                            ProblemKind.INVALID_GENERATOR,
                            field,
                            "time bucket unit '" + g.unit() + "' is not one of hour, day, week, month");
                }
            }
            case "shard" -> {
                if (g.count() == null || g.count() < 1 || g.count() > 65_536) {
                    throw new PlanException(
                            ProblemKind.INVALID_GENERATOR,
                            field,
                            "a shard generator needs a count from 1 to 65536, was " + g.count());
                }
                return new Generator.Shard(g.count());
            }
            default ->
                throw new PlanException(
                        ProblemKind.INVALID_GENERATOR,
                        field,
                        "generator kind '" + g.kind() + "' is not one of fixed, entity, timeBucket, shard");
        }
    }
}
