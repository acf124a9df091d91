package io.ringmap.web;

/**
 * The details of problems several operations answer, as they read for the bundled sample's requests: the examples of
 * {@link ProblemAnswer} that more than one operation shares (OperationAnswersTest checks each against the answer).
 */
public final class SampleProblems {

    public static final String BATCH_TOO_LARGE =
            "batch of 10001 items exceeds the limit of 10000 (ringmap.api.max-batch-size)";

    public static final String BLANK_KEYSPACE_FIELD = "request body is invalid: [keyspace must not be blank]";

    public static final String BODY_TOO_LARGE =
            "the request body is larger than the 16777216 bytes allowed (ringmap.api.max-body-size)";

    public static final String HOTKEYS_DISABLED =
            "hot-key tracking is disabled (ringmap.hotkeys.enabled=false): no hot keys are tracked";

    public static final String INVALID_KEY_VALUE =
            "value 'yesterday' for partition key column 'day' is not a valid date: expected a date such as "
                    + "2026-10-01, or Cassandra's unsigned day number (2147483648 is 1970-01-01)";

    public static final String INVALID_TOKEN =
            "token '12abc' is not a valid Murmur3Partitioner token: expected a signed 64-bit integer between "
                    + "-9223372036854775808 and 9223372036854775807";

    public static final String KEYS_OR_TOKENS = "give either keys (with table) or tokens, not both and not neither";

    public static final String KEY_COMPONENTS =
            "missing partition key column(s) [day]; the partition key columns are [sensor_id, day]";

    public static final String KEY_TOO_LARGE =
            "value 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
                    + "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
                    + "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' for partition key column 'sensor_id' is not a valid "
                    + "text: it serializes to 65536 bytes, more than the 65535 bytes Cassandra allows in a partition key";

    public static final String LOCAL_DATACENTER_REQUIRED =
            "LOCAL_QUORUM is counted in the coordinator's data centre: give dc=... (or configure "
                    + "spring.cassandra.local-datacenter); known: [dc1, dc2]";

    public static final String MALFORMED_BODY = "request body is not valid JSON at line 2, column 12";

    public static final String MISSING_CONSISTENCY = "required parameter 'consistency' is missing";

    public static final String MISSING_KEYSPACE = "required parameter 'keyspace' is missing";

    public static final String NO_SHARDS = "a shard plan needs at least 1 shard, was 0";

    public static final String NO_SNAPSHOT =
            "no ring snapshot is available yet: cannot connect to Cassandra: no node answered: 127.0.0.1:9042: "
                    + "connection refused";

    public static final String SIZES_NOT_COLLECTED =
            "ringmap serves a static topology: partition sizes come only from a live cluster (set "
                    + "spring.cassandra.contact-points)";

    public static final String SIZES_UNAVAILABLE = "no collection round has finished yet";

    public static final String TABLE_PARTITIONER =
            "table system.batches is partitioned by its own org.apache.cassandra.dht.LocalPartitioner, not by "
                    + "the cluster's Murmur3Partitioner: its tokens are not positions on the ring, so ringmap cannot "
                    + "compute them, place them or split them";

    public static final String TOO_MANY_NODES =
            "20,000 nodes in 1 data centres, more than the 10,000 a token plan places (ringmap.plan.max-nodes)";

    public static final String TOO_MANY_SHARDS =
            "5,000 shards, more than the 1,024 a shard plan has (ringmap.plan.max-shards)";

    public static final String UNKNOWN_CONSISTENCY_LEVEL =
            "consistency level 'MOST' is not one of [ANY, ONE, TWO, THREE, QUORUM, ALL, LOCAL_QUORUM, "
                    + "EACH_QUORUM, SERIAL, LOCAL_SERIAL, LOCAL_ONE]";

    public static final String UNKNOWN_KEYSPACE =
            "keyspace 'shop' is not in the ring snapshot; the keyspaces are: iot, iot_multi_dc";

    public static final String UNKNOWN_TABLE =
            "table 'iot.events' is not in the ring snapshot; the tables of keyspace 'iot' are: readings";

    public static final String UNPLACEABLE_KEYSPACE =
            "replicas of keyspace 'odd' cannot be computed: replication strategy 'com.example.MoonPhaseStrategy' "
                    + "is not supported; supported: SimpleStrategy, NetworkTopologyStrategy, LocalStrategy, "
                    + "EverywhereStrategy";

    public static final String UNSUPPORTED_MEDIA_TYPE =
            "Content-Type 'application/x-www-form-urlencoded' is not accepted here; send the body as JSON with "
                    + "the header 'Content-Type: application/json' (curl: -H 'Content-Type: application/json')";

    private SampleProblems() {}
}
