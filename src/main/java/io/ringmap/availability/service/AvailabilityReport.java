package io.ringmap.availability.service;

import io.ringmap.consistency.Availability;
import io.ringmap.consistency.ConsistencyLevel;
import io.ringmap.snapshot.ServedSnapshot;
import java.util.List;

/**
 * Which ranges of each keyspace cannot be served at a level with some nodes down, and which live nodes can stop.
 *
 * @param level           the level asked about
 * @param localDatacenter the coordinator's data centre, named only for the LOCAL_* levels
 * @param assumedDown     the nodes assumed down on top of what the snapshot says, by address
 * @param liveNodes       the nodes counted live, by address, in ring order
 * @param keyspaces       every keyspace asked about, in name order, each listing at most the asked number of ranges
 * @param safeToStop      live nodes that can stop without any keyspace losing the level for a range it serves now
 * @param unsafeToStop    the other live nodes, with why
 * @param snapshot        the served snapshot the answer was read from
 */
public record AvailabilityReport(
        ConsistencyLevel level,
        String localDatacenter,
        List<String> assumedDown,
        List<String> liveNodes,
        List<Availability.KeyspaceAvailability> keyspaces,
        List<String> safeToStop,
        List<UnsafeNode> unsafeToStop,
        ServedSnapshot snapshot) {

    public AvailabilityReport {
        assumedDown = List.copyOf(assumedDown);
        liveNodes = List.copyOf(liveNodes);
        keyspaces = List.copyOf(keyspaces);
        safeToStop = List.copyOf(safeToStop);
        unsafeToStop = List.copyOf(unsafeToStop);
    }

    /** A live node that cannot stop: the keyspaces and ranges that would lose the level. */
    public record UnsafeNode(String address, List<String> reasons) {

        public UnsafeNode {
            reasons = List.copyOf(reasons);
        }
    }
}
