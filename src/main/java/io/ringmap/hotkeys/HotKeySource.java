package io.ringmap.hotkeys;

import io.ringmap.peers.Contributors;
import io.ringmap.ring.TableName;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Where the hot keys and replica hits of a whole deployment come from: this instance's counts merged with its peers'
 * (implemented outside the core, by the peers package). Without one, an instance answers for itself.
 */
public interface HotKeySource {

    /**
     * The merged heaviest keys of every table any contributing instance tracks (or only of {@code only}, when given),
     * in keyspace and table order, at most {@code limit} per table, and which instances contributed.
     */
    Gathered hotKeys(TableName only, int limit);

    /** Looked-up partitions per replica node (by the node id {@link ReplicaHits} counts under), summed over instances. */
    GatheredReplicaHits replicaHits();

    /**
     * Replica hits gathered from several instances.
     *
     * @param hits         per node id, summed (saturating at 2^63-1)
     * @param contributors which instances' counts are in them, and which could not be asked
     */
    record GatheredReplicaHits(Map<String, Long> hits, Contributors contributors) {

        public GatheredReplicaHits {
            hits = Map.copyOf(hits);
            Objects.requireNonNull(contributors, "contributors must not be null");
        }
    }

    /**
     * Hot keys gathered from several instances.
     *
     * @param tables       merged per table, in keyspace and table order
     * @param contributors which instances' counts are in them, and which could not be asked
     */
    record Gathered(List<TableHotKeys> tables, Contributors contributors) {

        public Gathered {
            tables = List.copyOf(tables);
            Objects.requireNonNull(contributors, "contributors must not be null");
        }
    }
}
