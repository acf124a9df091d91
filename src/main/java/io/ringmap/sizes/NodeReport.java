package io.ringmap.sizes;

import io.ringmap.ring.TableName;
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
 *                    figures), {@code MISSING} (no instance of the deployment collected it: see {@code problems})
 * @param collectedAt when the node's figures were read (null when it never answered)
 * @param problems    what failed, e.g. {@code "jmx: connection refused"}
 * @param collectedBy the peer ({@code host:port} of its management port) that collected the figures, null when
 *                    this instance did
 * @param queries     the requests the collecting instance sent the node for this report: CQL statements and JMX
 *                    connections
 */
public record NodeReport(
        String address,
        Status status,
        Instant collectedAt,
        List<String> problems,
        Map<TableName, NodeTableStats> tables,
        String collectedBy,
        int queries) {

    /** How complete a node's figures are. */
    public enum Status {
        COLLECTED,
        PARTIAL,
        UNREACHABLE,
        MISSING
    }

    public NodeReport {
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(status, "status");
        problems = List.copyOf(problems);
        tables = java.util.Collections.unmodifiableMap(new TreeMap<>(tables));
        if (queries < 0) {
            throw new IllegalArgumentException("queries must not be negative, was " + queries);
        }
    }

    /** A node nothing could be read from. */
    public static NodeReport unreachable(String address, String problem, int queries) {
        return new NodeReport(address, Status.UNREACHABLE, null, List.of(problem), Map.of(), null, queries);
    }

    /** A node no instance collected. */
    public static NodeReport missing(String address, String problem) {
        return new NodeReport(address, Status.MISSING, null, List.of(problem), Map.of(), null, 0);
    }

    /** The same report as collected by {@code peer}, with one more problem when {@code problem} is given. */
    public NodeReport from(String peer, String problem) {
        List<String> all = new java.util.ArrayList<>(problems);
        if (problem != null) {
            all.add(problem);
        }
        return new NodeReport(address, status, collectedAt, all, tables, peer, queries);
    }

    /** Whether the node's figures are absent (unreachable, or collected by no instance). */
    public boolean absent() {
        return status == Status.UNREACHABLE || status == Status.MISSING;
    }

    public Optional<NodeTableStats> table(TableName name) {
        return Optional.ofNullable(tables.get(name));
    }
}
