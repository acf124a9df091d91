package io.ringmap.sizes;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What one collection round got from one node.
 *
 * @param status      {@code COLLECTED} (every source answered), {@code PARTIAL} (some queries failed: see
 *                    {@code problems}), {@code UNREACHABLE} (nothing answered; its part is missing from merged
 *                    figures)
 * @param collectedAt when the node's figures were read (null when it never answered)
 * @param problems    what failed, e.g. {@code "jmx: connection refused"}
 */
public record NodeReport(String address, Status status, Instant collectedAt, List<String> problems,
        Map<TableName, NodeTableStats> tables) {

    /** How complete a node's figures are. */
    public enum Status { COLLECTED, PARTIAL, UNREACHABLE }

    public NodeReport {
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(status, "status");
        problems = List.copyOf(problems);
        tables = java.util.Collections.unmodifiableMap(new TreeMap<>(tables));
    }

    /** A node nothing could be read from. */
    public static NodeReport unreachable(String address, String problem) {
        return new NodeReport(address, Status.UNREACHABLE, null, List.of(problem), Map.of());
    }

    public Optional<NodeTableStats> table(TableName name) {
        return Optional.ofNullable(tables.get(name));
    }
}
