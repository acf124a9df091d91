package io.ringmap.availability.service;

import io.ringmap.consistency.ConsistencyLevel;
import io.ringmap.snapshot.ServedSnapshot;
import java.util.List;

/**
 * A node that can stop without any of the keyspaces losing the level (one that cannot is refused with
 * {@link io.ringmap.availability.UnsafeToStopException}).
 *
 * @param node            the node's address
 * @param level           the level kept
 * @param localDatacenter the coordinator's data centre, named only for the LOCAL_* levels
 * @param keyspaces       the keyspaces checked, in name order
 * @param snapshot        the served snapshot the answer was read from
 */
public record SafeToStop(
        String node, ConsistencyLevel level, String localDatacenter, List<String> keyspaces, ServedSnapshot snapshot) {

    public SafeToStop {
        keyspaces = List.copyOf(keyspaces);
    }
}
