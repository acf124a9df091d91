package io.ringmap.snapshot;

import io.ringmap.pending.RingMotion;
import io.ringmap.ring.RingSnapshot;
import io.ringmap.ring.TokenRing;
import io.ringmap.schema.SchemaCatalog;
import io.ringmap.topology.TopologyModel;
import java.time.Instant;

/**
 * One published, immutable view of a cluster: the ring with every keyspace's placement, and the tables' partition
 * keys. Identified by a content hash that is the same on every instance serving the same topology, and by a
 * sequence number that increases with every publication in this process.
 *
 * @param model what the source reported, kept to tell whether the next report changes anything
 * @param ring the token ring and every keyspace's placement on it
 * @param source where the topology came from, e.g. {@code cluster:Test Cluster} or {@code static:classpath:...}
 * @param version the per-process publication counter (1, 2, ...)
 * @param contentHash the {@link ContentHash} of the model and source: the API's snapshot version and ETag
 * @param motion the ring's movement: nodes in motion and every keyspace's pending replicas
 */
public record TopologySnapshot(
        TopologyModel model,
        RingSnapshot ring,
        SchemaCatalog schema,
        String source,
        long version,
        Instant createdAt,
        String contentHash,
        RingMotion motion) {

    /** The cluster-metadata epoch the snapshot reflects (Cassandra 6.0), or null. */
    public Long epoch() {
        return model.epoch();
    }

    /** The tokens, their owners and the nodes. */
    public TokenRing tokenRing() {
        return ring.tokenRing();
    }
}
