package io.ringmap.testcluster;

import static io.ringmap.testcluster.NodeSpec.withTokens;
import static io.ringmap.testcluster.NodeSpec.withVnodes;

import java.util.List;

/**
 * The cluster layouts that ringmap's conformance tests run against; clusters with distinct addresses can run at the
 * same time.
 */
public enum StandardCluster {

    /**
     * Six nodes, one Murmur3 token each, two data centers with two racks each. The DCs interleave on the ring
     * (127.0.0.1, .4, .2, .5, .3, .6 in token order) so NetworkTopologyStrategy has to skip nodes.
     */
    TWO_DC(ClusterSpec.of(
            "two-dc",
            CassandraPartitioner.MURMUR3,
            List.of(
                    withTokens("127.0.0.1", "dc1", "rack1", "-7686143364045646506"),
                    withTokens("127.0.0.2", "dc1", "rack2", "-1537228672809129302"),
                    withTokens("127.0.0.3", "dc1", "rack1", "4611686018427387904"),
                    withTokens("127.0.0.4", "dc2", "rack1", "-4611686018427387904"),
                    withTokens("127.0.0.5", "dc2", "rack2", "1537228672809129302"),
                    withTokens("127.0.0.6", "dc2", "rack2", "7686143364045646506")))),

    /**
     * Four nodes with eight vnodes each, two DCs with two racks each. With auto_bootstrap false Cassandra picks
     * random tokens, so tests read the ring back from the cluster.
     */
    VNODES(ClusterSpec.of(
            "vnodes",
            CassandraPartitioner.MURMUR3,
            List.of(
                    withVnodes("127.0.0.11", "dc1", "rack1", 8),
                    withVnodes("127.0.0.12", "dc1", "rack2", 8),
                    withVnodes("127.0.0.13", "dc2", "rack1", 8),
                    withVnodes("127.0.0.14", "dc2", "rack2", 8)))),

    /**
     * One Murmur3Partitioner node owning the token 0: tokens do not depend on the topology, and on one node the
     * schema changes and writes of the token conformance suite cost a sixth of what they cost on {@link #TWO_DC}.
     */
    MURMUR3_SINGLE(ClusterSpec.of(
            "murmur3-single", CassandraPartitioner.MURMUR3, List.of(withTokens("127.0.0.22", "dc1", "rack1", "0")))),

    /** One RandomPartitioner node owning the token 2^126. */
    RANDOM_SINGLE(ClusterSpec.of(
            "random-single",
            CassandraPartitioner.RANDOM,
            List.of(withTokens("127.0.0.20", "dc1", "rack1", "85070591730234615865843651857942052864")))),

    /** One ByteOrderedPartitioner node owning the token 0x6d ('m'). */
    BYTE_ORDERED_SINGLE(ClusterSpec.of(
            "byte-ordered-single",
            CassandraPartitioner.BYTE_ORDERED,
            List.of(withTokens("127.0.0.21", "dc1", "rack1", "6d")))),

    /**
     * Two nodes whose client and internode addresses differ, as behind NAT or on multi-homed hosts: each listens to
     * other nodes on 127.0.0.4N ({@code listen_address}, so {@code broadcast_address}: what nodetool prints) and to
     * clients on 127.0.0.14N ({@code rpc_address}, so {@code broadcast_rpc_address}: what drivers connect to).
     * One node per DC, one token each.
     */
    DISTINCT_RPC_ADDRESSES(ClusterSpec.of(
                    "distinct-rpc",
                    CassandraPartitioner.MURMUR3,
                    List.of(
                            withTokens("127.0.0.41", "dc1", "rack1", "-3074457345618258603")
                                    .withRpcAddress("127.0.0.141"),
                            withTokens("127.0.0.42", "dc2", "rack1", "3074457345618258602")
                                    .withRpcAddress("127.0.0.142")))
            .withHeap("256m", "384m")),

    /**
     * Three nodes with four vnodes each (dc1: rack1 and rack2, dc2: rack1) on Cassandra 4.0, for the conformance of
     * every line at rest ({@code Cassandra40ConformanceIT} and its siblings); a ring delay of 15 s, the window of a
     * 4.x bootstrap; room for a joiner on .104.
     */
    LINE_4_0(lineCluster(CassandraLine.V4_0, 101)),

    /** {@link #LINE_4_0}'s layout on Cassandra 4.1 (.111-.113, a joiner on .114). */
    LINE_4_1(lineCluster(CassandraLine.V4_1, 111)),

    /** {@link #LINE_4_0}'s layout on Cassandra 6.0 (.121-.123, a joiner on .124). */
    LINE_6_0(lineCluster(CassandraLine.V6_0, 121)),

    /**
     * The developer cluster of scripts/local-cluster.sh, shaped like the bundled sample topology: 127.0.0.1-4,
     * dc1 and dc2 with racks rack1 and rack2, one token each.
     */
    LOCAL(ClusterSpec.of(
            "local",
            CassandraPartitioner.MURMUR3,
            List.of(
                    withTokens("127.0.0.1", "dc1", "rack1", "-4611686018427387904"),
                    withTokens("127.0.0.2", "dc1", "rack2", "0"),
                    withTokens("127.0.0.3", "dc2", "rack1", "4611686018427387904"),
                    withTokens("127.0.0.4", "dc2", "rack2", "9223372036854775807"))));

    /** The number of vnodes of every node of a line cluster, and of a node joining one. */
    public static final int LINE_VNODES = 4;

    private final ClusterSpec spec;

    private static ClusterSpec lineCluster(CassandraLine line, int first) {
        return ClusterSpec.of(
                        "line",
                        CassandraPartitioner.MURMUR3,
                        List.of(
                                withVnodes("127.0.0." + first, "dc1", "rack1", LINE_VNODES),
                                withVnodes("127.0.0." + (first + 1), "dc1", "rack2", LINE_VNODES),
                                withVnodes("127.0.0." + (first + 2), "dc2", "rack1", LINE_VNODES)))
                .withHeap("256m", "448m")
                .withRingDelay(java.time.Duration.ofSeconds(15))
                .withLine(line);
    }

    StandardCluster(ClusterSpec spec) {
        this.spec = spec;
    }

    public ClusterSpec spec() {
        return spec;
    }
}
