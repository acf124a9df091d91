package io.ringmap.splits;

import io.ringmap.ring.TokenRange;

/**
 * One token-range split {@code (start, end]} of a scan, never wrapping.
 *
 * @param replicaTokenIndex the token index whose replicas hold the split's first tokens (for aligned splits, the
 *     only range the split lies in)
 * @param ownedRanges how many node-owned ranges the split touches (always 1 for aligned splits)
 */
public record Split(TokenRange range, int replicaTokenIndex, int ownedRanges) {
}
