package io.ringmap.sizes.service;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A partition the nodes reported, its key decoded by the table's schema and placed on the current ring.
 *
 * @param key           the key as Cassandra prints it (composite components joined by {@code :})
 * @param components    the key's components by partition key column in key order, null when it could not be decoded
 * @param value         the figure the nodes reported (bytes, tombstones or sampled hits), the largest of theirs
 * @param token         the key's token, null when it could not be decoded
 * @param replicas      the key's replicas in the current ring (empty without a keyspace placement or a token)
 * @param reportedBy    the nodes that reported it
 * @param decodeProblem why the key could not be decoded, null when it was
 */
public record SizedPartition(
        String key,
        Map<String, String> components,
        long value,
        String token,
        List<String> replicas,
        List<String> reportedBy,
        String decodeProblem) {

    public SizedPartition {
        Objects.requireNonNull(key, "key");
        replicas = List.copyOf(replicas);
        reportedBy = List.copyOf(reportedBy);
    }
}
