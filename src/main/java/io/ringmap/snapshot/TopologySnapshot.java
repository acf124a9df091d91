package io.ringmap.snapshot;

import io.ringmap.ring.RingSnapshot;
import io.ringmap.ring.TokenRing;
import io.ringmap.schema.SchemaCatalog;
import io.ringmap.topology.TopologyModel;
import java.time.Instant;

/**
 * One published, immutable view of a cluster: the ring with every keyspace's placement, and the tables' partition
 * keys. Identified by a version that increases with every publication.
 *
 * @param model what the source reported, kept to tell whether the next report changes anything
 * @param ring the token ring and every keyspace's placement on it
 * @param source where the topology came from, e.g. {@code cluster:Test Cluster} or {@code static:classpath:...}
 */
public record TopologySnapshot(TopologyModel model, RingSnapshot ring, SchemaCatalog schema, String source,
        long version, Instant createdAt) {

    /** The tokens, their owners and the nodes. */
    public TokenRing tokenRing() {
        return ring.tokenRing();
    }
}
