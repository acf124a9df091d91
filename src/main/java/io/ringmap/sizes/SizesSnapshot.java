package io.ringmap.sizes;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** One collection round over the whole cluster: a report per node, immutable once published. */
public record SizesSnapshot(Instant startedAt, Instant finishedAt, List<NodeReport> nodes) {

    public SizesSnapshot {
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(finishedAt, "finishedAt");
        nodes = List.copyOf(nodes);
    }

    public Optional<NodeReport> node(String address) {
        return nodes.stream().filter(n -> n.address().equals(address)).findFirst();
    }

    /** Every node's figures for one table (nodes that have none are left out). */
    public List<NodeTableStats> table(TableName name) {
        return nodes.stream().map(n -> n.tables().get(name)).filter(Objects::nonNull).toList();
    }
}
