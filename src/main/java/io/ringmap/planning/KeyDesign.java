package io.ringmap.planning;

import io.ringmap.problem.ProblemKind;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A candidate partition key: its columns in partition key order, each with a CQL type and a value generator.
 *
 * @param name a label for the design, e.g. {@code tenant+device+day}
 */
public record KeyDesign(String name, List<Column> columns) {

    /** One partition key column of a candidate design. */
    public record Column(String name, String cqlType, Generator generator) {

        public Column {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(cqlType, "cqlType");
            Objects.requireNonNull(generator, "generator");
        }
    }

    public KeyDesign {
        Objects.requireNonNull(name, "name");
        columns = List.copyOf(columns);
        if (columns.isEmpty()) {
            throw new PlanException(
                    ProblemKind.INVALID_GENERATOR, "designs", "design '" + name + "' has no partition key column");
        }
        Set<String> names = new HashSet<>();
        int entity = 0;
        int time = 0;
        int shard = 0;
        for (Column c : columns) {
            if (!names.add(c.name())) {
                throw new PlanException(
                        ProblemKind.INVALID_GENERATOR,
                        "designs",
                        "design '" + name + "' names column '" + c.name() + "' twice");
            }
            if (c.generator() instanceof Generator.TimeBucket t
                    && t.unit() == Generator.BucketUnit.HOUR
                    && c.cqlType().trim().equalsIgnoreCase("date")) {
                throw new PlanException(
                        ProblemKind.INVALID_GENERATOR,
                        "designs",
                        "design '" + name
                                + "': column '" + c.name()
                                + "' is a date and cannot hold hour buckets (use timestamp, text "
                                + "or an integer type)");
            }
            entity += c.generator() instanceof Generator.Entity ? 1 : 0;
            time += c.generator() instanceof Generator.TimeBucket ? 1 : 0;
            shard += c.generator() instanceof Generator.Shard ? 1 : 0;
        }
        if (entity > 1 || time > 1 || shard > 1) {
            throw new PlanException(
                    ProblemKind.INVALID_GENERATOR,
                    "designs",
                    "design '" + name + "' may have at most one entity, one time bucket and one shard column");
        }
    }

    /** The shard count (1 without a shard column). */
    public int shards() {
        return columns.stream()
                .map(Column::generator)
                .filter(Generator.Shard.class::isInstance)
                .mapToInt(g -> ((Generator.Shard) g).count())
                .findFirst()
                .orElse(1);
    }

    /** The time bucket unit, or null without a time column. */
    public Generator.BucketUnit bucket() {
        return columns.stream()
                .map(Column::generator)
                .filter(Generator.TimeBucket.class::isInstance)
                .map(g -> ((Generator.TimeBucket) g).unit())
                .findFirst()
                .orElse(null);
    }

    public boolean hasEntity() {
        return columns.stream().anyMatch(c -> c.generator() instanceof Generator.Entity);
    }

    /** This design with the shard column's count replaced, or a shard column {@code shard int} appended. */
    public KeyDesign withShards(int count) {
        java.util.ArrayList<Column> out = new java.util.ArrayList<>();
        boolean replaced = false;
        for (Column c : columns) {
            if (c.generator() instanceof Generator.Shard) {
                out.add(new Column(c.name(), c.cqlType(), new Generator.Shard(count)));
                replaced = true;
            } else {
                out.add(c);
            }
        }
        if (!replaced) {
            out.add(new Column("shard", "int", new Generator.Shard(count)));
        }
        return new KeyDesign(name, out);
    }

    /** This design with the time column's unit replaced (a date column becomes a timestamp for hours). */
    public KeyDesign withBucket(Generator.BucketUnit unit) {
        return new KeyDesign(
                name,
                columns.stream()
                        .map(c -> c.generator() instanceof Generator.TimeBucket
                                ? new Column(
                                        c.name(),
                                        unit == Generator.BucketUnit.HOUR
                                                        && c.cqlType().trim().equalsIgnoreCase("date")
                                                ? "timestamp"
                                                : c.cqlType(),
                                        new Generator.TimeBucket(unit))
                                : c)
                        .toList());
    }
}
