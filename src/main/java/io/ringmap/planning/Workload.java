package io.ringmap.planning;

import io.ringmap.problem.ProblemKind;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the designs are compared on: the entities that emit events and how often, the period kept, and the size of
 * a row.
 *
 * @param entities named entities with their events per day (e.g. a few far above the rest)
 * @param population optional: many similar entities, named {@code prefix0..prefix(count-1)}, each at the same rate;
 *                   sampled when too many to enumerate
 * @param start the first day of the period
 * @param retentionDays how many days the table keeps (the period)
 * @param bytesPerRow serialized bytes per row
 */
public record Workload(
        Map<String, Double> entities, Population population, LocalDate start, int retentionDays, long bytesPerRow) {

    /** Many entities of one rate. */
    public record Population(long count, String prefix, double eventsPerDay) {}

    public Workload {
        entities = new LinkedHashMap<>(entities);
        if (entities.isEmpty() && population == null) {
            throw new PlanException(
                    ProblemKind.INVALID_GENERATOR,
                    "workload.entities",
                    "the workload needs at least one entity or a population");
        }
        entities.forEach((k, v) -> {
            if (v == null || !(v >= 0) || Double.isInfinite(v)) {
                throw new PlanException(
                        ProblemKind.INVALID_GENERATOR,
                        "workload.entities",
                        "entity '" + k + "' needs a finite, non-negative events per day, was " + v);
            }
        });
        if (population != null
                && (population.count() < 1
                        || !(population.eventsPerDay() >= 0)
                        || Double.isInfinite(population.eventsPerDay()))) {
            throw new PlanException(
                    ProblemKind.INVALID_GENERATOR,
                    "workload.population",
                    "a population needs a count of at least 1 and a non-negative events per day");
        }
        if (retentionDays < 1 || retentionDays > 3660) {
            throw new PlanException(
                    ProblemKind.INVALID_GENERATOR,
                    "workload.retentionDays",
                    "retention must be 1 to 3660 days, was " + retentionDays);
        }
        if (bytesPerRow < 1) {
            throw new PlanException(
                    ProblemKind.INVALID_GENERATOR,
                    "workload.bytesPerRow",
                    "bytes per row must be at least 1, was " + bytesPerRow);
        }
        java.util.Objects.requireNonNull(start, "start");
    }
}
