package io.ringmap.splits;

import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.TokenRange;
import java.util.List;

/**
 * One split of a scan: one or more non-wrapping {@code (start, end]} token ranges in ring order, read together on
 * the same replicas.
 *
 * @param ranges the split's ranges, each read with its own predicate; never empty, never overlapping
 * @param replicaTokenIndex the token index whose replicas hold the split's first tokens
 * @param ownedRanges how many node-owned ranges the split touches (for an aligned split: the whole owned ranges it
 *     groups, or 1 when it is a piece of one)
 * @param replicas the replicas holding every token of the split (for an even split that crosses ownership boundaries:
 *     those of its first tokens), in the placement order of its first range
 */
public record Split(List<TokenRange> ranges, int replicaTokenIndex, int ownedRanges, ReplicaSet replicas) {

    public Split {
        ranges = List.copyOf(ranges);
        if (ranges.isEmpty()) {
            throw new IllegalArgumentException("a split needs at least one token range");
        }
    }

    /** The split's only range. */
    public TokenRange range() {
        if (ranges.size() != 1) {
            throw new IllegalStateException("split holds " + ranges.size() + " ranges, not one");
        }
        return ranges.get(0);
    }
}
