package io.ringmap.topology;

import io.ringmap.ring.RingSnapshot;
import io.ringmap.schema.SchemaCatalog;
import java.time.Instant;

/**
 * One published, immutable view of a cluster: the ring with every keyspace's placement, and the tables' partition
 * keys. Identified by a version that increases with every publication.
 *
 * @param source where the topology came from, e.g. {@code cluster:Test Cluster} or {@code static:classpath:...}
 */
public record TopologySnapshot(TopologyModel model, RingSnapshot ring, SchemaCatalog schema, String source,
        long version, Instant createdAt) {
}
