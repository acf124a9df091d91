package io.ringmap.hotkeys.peers;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What one instance tells its peers: who it is, and its hot-key sketches per table with how the items are written.
 *
 * @param instance    a random id chosen at start: an instance that reaches itself through the peer list skips itself
 * @param clearLabels whether the items are clear key labels ({@code true}) or their exported form (hashed with the
 *                    deployment's salt; every instance must agree)
 * @param tables      one sketch per tracked table (none when only replica hits were asked for)
 * @param replicaHits looked-up partitions per replica node id, as this instance counted them
 */
public record PeerState(String instance, boolean clearLabels, List<Table> tables, Map<String, Long> replicaHits) {

    public PeerState {
        Objects.requireNonNull(instance, "instance must not be null");
        tables = tables == null ? List.of() : List.copyOf(tables);
        replicaHits = replicaHits == null ? Map.of() : replicaHits;
    }

    /**
     * One table's sketch over the sender's current and previous window.
     *
     * @param hits         hits the sketch saw
     * @param maximumError how much any count may be short of the truth (an unlisted key had at most this many hits)
     * @param counts       each item's count
     */
    public record Table(String keyspace, String table, long hits, long maximumError, Map<String, Long> counts) {}
}
