package io.ringmap.schema;

import java.util.Map;
import java.util.Optional;

/**
 * Tables that Cassandra partitions with a partitioner of their own instead of the cluster's. Their tokens are not
 * positions on the ring ({@code SELECT token(...)} returns the key itself, typed like the key), so ringmap refuses
 * to hash, place or split them.
 *
 * <p>Cassandra 5.0.9 gives exactly one table the driver lists its own partitioner: {@code system.batches}
 * ({@code org.apache.cassandra.db.SystemKeyspace}: {@code LocalPartitioner(TimeUUIDType)}). Secondary index tables
 * also use a {@code LocalPartitioner}, but they are not tables in {@code system_schema} and never reach ringmap;
 * virtual tables are not served at all. The conformance suite checks this list against a real cluster's
 * {@code SELECT token(...)} result types.
 */
public final class TablePartitioners {

    private static final Map<String, String> OWN = Map.of(
            "system.batches",
            "org.apache.cassandra.dht.LocalPartitioner(org.apache.cassandra.db.marshal.TimeUUIDType)",
            // Cassandra 6.0's local copy of the cluster-metadata log: token = Long.MAX_VALUE - epoch, typed bigint
            // like a Murmur3 token (the 6.0 matrix run of TablePartitionerIT found ringmap hashing it)
            "system.local_metadata_log",
            "org.apache.cassandra.dht.ReversedLongLocalPartitioner");

    private TablePartitioners() {}

    /** The table's own partitioner, or empty when it uses the cluster's. */
    public static Optional<String> ownPartitioner(String keyspace, String table) {
        return Optional.ofNullable(OWN.get(keyspace + "." + table));
    }
}
