package io.ringmap.sizes;

import io.ringmap.peers.Contributors;
import io.ringmap.ring.TableName;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One collection round over the whole cluster: a report per node, immutable once published.
 *
 * @param collectors which instances' reports the round holds: {@code local} (this instance collected every node) or
 *                   {@code deployment} (the peers that answered, whose reports of their share are in it, and those
 *                   that did not)
 */
public record SizesSnapshot(Instant startedAt, Instant finishedAt, List<NodeReport> nodes, Contributors collectors) {

    public SizesSnapshot {
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(finishedAt, "finishedAt");
        nodes = List.copyOf(nodes);
        Objects.requireNonNull(collectors, "collectors");
    }

    /** A round this instance collected alone. */
    public SizesSnapshot(Instant startedAt, Instant finishedAt, List<NodeReport> nodes) {
        this(startedAt, finishedAt, nodes, Contributors.LOCAL);
    }

    public Optional<NodeReport> node(String address) {
        return nodes.stream().filter(n -> n.address().equals(address)).findFirst();
    }

    /** Every node's figures for one table (nodes that have none are left out). */
    public List<NodeTableStats> table(TableName name) {
        return nodes.stream()
                .map(n -> n.tables().get(name))
                .filter(Objects::nonNull)
                .toList();
    }
}
