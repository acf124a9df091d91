package io.ringmap.routing.web;

import io.ringmap.snapshot.web.SnapshotAnswer;
import io.ringmap.snapshot.web.SnapshotView;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.Map;

/** One key's token. */
@Schema(description = "A partition key's token")
public record TokenResponse(
        @Schema(example = "iot") String keyspace,
        @Schema(example = "readings") String table,
        @Schema(example = "Murmur3Partitioner") String partitioner,

        @Schema(description = "The key's components in canonical text, in partition key order")
        Map<String, String> key,

        @Schema(
                description =
                        "The token as Cassandra prints it (a string: 64-bit values do not survive JSON " + "numbers)",
                example = "-4069959284402364209")
        String token,

        @Schema(description = "The serialized partition key Cassandra hashes, hex", example = "00000001")
        String serializedKey,

        SnapshotView snapshot)
        implements SnapshotAnswer {}
