package io.ringmap.topology.motion;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.pending.MotionKind;
import io.ringmap.pending.MotionSource;
import io.ringmap.pending.PendingRange;
import io.ringmap.pending.RingMotion;
import io.ringmap.ring.Node;
import io.ringmap.ring.NodeState;
import io.ringmap.ring.TokenRange;
import io.ringmap.ring.TokenRing;
import io.ringmap.token.LongToken;
import io.ringmap.token.Partitioner;
import io.ringmap.token.Partitioners;
import io.ringmap.token.Token;
import io.ringmap.topology.NodeTokens;
import io.ringmap.topology.TopologyModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Cassandra 6.0's cluster metadata read into a ring and pending replicas, against what a real 6.0.0-alpha2 cluster
 * said at each step of a vnode join (three nodes with four vnodes each, dc1 rack1 and rack2, dc2 rack1; a fourth
 * node joining dc1 rack1): its {@code cluster_metadata_directory} and {@code _log} rows, and its own pending range
 * map over JMX ({@code StorageService.getPendingRangeToEndpointWithPortMap}) for {@code {dc1: 2, dc2: 1}} at the
 * epochs of START_JOIN and MID_JOIN, recorded on this machine. The live suite ({@code Cassandra60ConformanceIT}) compares
 * the same against a running cluster.
 */
class ClusterMetadataReaderTest {

    static final Partitioner MURMUR3 = Partitioners.byName("Murmur3Partitioner");
    static final List<String> N1 =
            List.of("3515343835678703024", "4786878682961532922", "7044546955079079123", "9001515947212746867");
    static final List<String> N2 =
            List.of("-5779396532474631254", "-5457971927306345838", "-4802237170552362541", "6450611986274952613");
    static final List<String> N3 =
            List.of("347580629796341506", "1082197336218376817", "3546826552817218171", "5148294538478538482");
    static final List<String> JOINER =
            List.of("3591704160257470527", "-7492126873846484222", "5558127661481691165", "-8537160739076082577");
    static final String PREPARE_JOIN = "PrepareJoin{nodeId=NodeId{id=4}, tokens=[3591704160257470527, "
            + "-7492126873846484222, 5558127661481691165, -8537160739076082577], joinTokenRing=true, streamData=true}";
    static final Map<String, Map<String, String>> REPLICATION = Map.of(
            "ks", Map.of("class", "org.apache.cassandra.locator.NetworkTopologyStrategy", "dc1", "2", "dc2", "1"));

    /** The ranges Cassandra's pending map named at both steps (with the node that held them). */
    static final List<String[]> MOVED = List.of(
            new String[] {"9001515947212746867", "-9223372036854775808"},
            new String[] {"4786878682961532922", "5148294538478538482"},
            new String[] {"-9223372036854775808", "-8537160739076082577"},
            new String[] {"5148294538478538482", "5558127661481691165"},
            new String[] {"3546826552817218171", "3591704160257470527"},
            new String[] {"3515343835678703024", "3546826552817218171"},
            new String[] {"-8537160739076082577", "-7492126873846484222"});

    /** The model the driver gives: the three joined nodes, UP, the joiner not at all. */
    static final TopologyModel DRIVER = new TopologyModel(
            "c",
            "Murmur3Partitioner",
            List.of(
                    ring("6d194555-f6eb-41d0-c000-000000000001", "127.0.0.121", "rack1", "dc1", N1),
                    ring("6d194555-f6eb-41d0-c000-000000000003", "127.0.0.122", "rack2", "dc1", N3),
                    ring("6d194555-f6eb-41d0-c000-000000000002", "127.0.0.123", "rack1", "dc2", N2)),
            REPLICATION,
            List.of(),
            null);

    @Test
    void atStartJoinTheJoinerTakesWritesOfTheRangesItWillOwnAsCassandraSaid() {
        TopologyModel model = ClusterMetadataReader.of(
                DRIVER, 12, directory("MID_JOIN"), ClusterMetadataReader.PreparedOperations.tokens(Map.of(4, JOINER)));

        assertThat(model.epoch()).isEqualTo(12L);
        assertThat(model.nodes())
                .extracting(nt -> nt.node().address())
                .containsExactly("127.0.0.121", "127.0.0.122", "127.0.0.123");
        assertThat(model.motion().source()).isEqualTo(MotionSource.CLUSTER_METADATA);
        assertThat(model.motion().motions()).singleElement().satisfies(m -> {
            assertThat(m.kind()).isEqualTo(MotionKind.JOINING);
            assertThat(m.step()).isEqualTo("START_JOIN");
            assertThat(m.node().broadcastEndpoint()).isEqualTo("127.0.0.124:7000");
            assertThat(m.tokens()).hasSize(4);
        });
        assertThat(pending(model)).isEqualTo(cassandraSaid("127.0.0.124:7000"));
    }

    @Test
    void atMidJoinReadsMovedToTheJoinerAndTheOldReplicaIsThePendingOneAsCassandraSaid() {
        TopologyModel model = ClusterMetadataReader.of(
                DRIVER,
                13,
                directory("FINISH_JOIN"),
                ClusterMetadataReader.PreparedOperations.tokens(Map.of(4, JOINER)));

        assertThat(model.nodes())
                .extracting(nt -> nt.node().address())
                .containsExactly("127.0.0.121", "127.0.0.122", "127.0.0.123", "127.0.0.124");
        assertThat(model.motion().motions())
                .singleElement()
                .satisfies(m -> assertThat(m.step()).isEqualTo("MID_JOIN"));
        assertThat(pending(model)).isEqualTo(cassandraSaid("127.0.0.121:7000"));
    }

    @Test
    void afterPrepareJoinNothingIsPendingYet() {
        TopologyModel model = ClusterMetadataReader.of(
                DRIVER,
                11,
                directory("START_JOIN"),
                ClusterMetadataReader.PreparedOperations.tokens(Map.of(4, JOINER)));

        assertThat(model.motion().motions())
                .singleElement()
                .satisfies(m -> assertThat(m.step()).isEqualTo("PREPARE_JOIN"));
        assertThat(pending(model)).isEmpty();
    }

    @Test
    void aLeaverWhoseReadsMovedIsOutOfTheRingAndStillTakesWrites() {
        List<ClusterMetadataReader.Entry> directory =
                new ArrayList<>(directory(null).subList(0, 3));
        directory.set(0, entry(1, "127.0.0.121", "dc1", "rack1", "LEAVING", N1, "FINISH_LEAVE"));

        // SimpleStrategy RF 2: with {dc1: 2} the other dc1 node already holds every dc1 range, nothing would move
        TopologyModel simple = new TopologyModel(
                "c",
                "Murmur3Partitioner",
                DRIVER.nodes(),
                Map.of("ks", Map.of("class", "org.apache.cassandra.locator.SimpleStrategy", "replication_factor", "2")),
                List.of(),
                null);
        TopologyModel started = ClusterMetadataReader.of(
                simple, 20, withStep(directory, 0, "MID_LEAVE"), ClusterMetadataReader.PreparedOperations.NONE);
        TopologyModel moved =
                ClusterMetadataReader.of(simple, 21, directory, ClusterMetadataReader.PreparedOperations.NONE);

        assertThat(started.nodes()).hasSize(3);
        assertThat(moved.nodes()).extracting(nt -> nt.node().address()).containsExactly("127.0.0.122", "127.0.0.123");
        Map<String, List<TokenRange>> whileWritesAdded = pending(started);
        assertThat(whileWritesAdded).doesNotContainKey("127.0.0.121:7000").isNotEmpty();
        assertThat(pending(moved)).containsOnlyKeys("127.0.0.121:7000");
    }

    /** Three single-token nodes, SimpleStrategy RF 2; .121 moves from -6148914691236517206 to 3074457345618258602. */
    static final String A = "-6148914691236517206";

    static final String B = "3074457345618258602";
    static final TopologyModel SINGLE_TOKENS = new TopologyModel(
            "c",
            "Murmur3Partitioner",
            List.of(
                    ring("6d194555-f6eb-41d0-c000-000000000001", "127.0.0.121", "rack1", "dc1", List.of(A)),
                    ring("6d194555-f6eb-41d0-c000-000000000002", "127.0.0.122", "rack1", "dc1", List.of("0")),
                    ring(
                            "6d194555-f6eb-41d0-c000-000000000003",
                            "127.0.0.123",
                            "rack1",
                            "dc1",
                            List.of("6148914691236517206"))),
            Map.of("ks", Map.of("class", "org.apache.cassandra.locator.SimpleStrategy", "replication_factor", "2")),
            List.of(),
            null);

    /*
     * Replicas by range (RF 2), before and after the move; the ranges (-6148914691236517206, 0] and
     * (3074457345618258602, 6148914691236517206] change hands, the other two keep their replicas:
     *   (-6148914691236517206, 0]                   .122 .123  ->  .122 .121
     *   (3074457345618258602, 6148914691236517206]  .123 .121  ->  .123 .122
     */

    @Test
    void atStartMoveTheMoverStaysAtItsOldTokenForReadsAndTheNewReplicasArePending() {
        TopologyModel model = ClusterMetadataReader.of(
                SINGLE_TOKENS,
                30,
                moving("MID_MOVE"),
                ClusterMetadataReader.PreparedOperations.tokens(Map.of(1, List.of(B))));

        assertThat(model.nodes())
                .filteredOn(nt -> nt.node().address().equals("127.0.0.121"))
                .singleElement()
                .satisfies(nt -> assertThat(nt.tokens()).containsExactly(A));
        assertThat(model.motion().motions()).singleElement().satisfies(m -> {
            assertThat(m.step()).isEqualTo("START_MOVE");
            assertThat(m.tokens()).extracting(Object::toString).containsExactly(B);
            assertThat(m.movedFrom()).isEmpty();
        });
        assertThat(pending(model))
                .isEqualTo(ranges(Map.of(
                        "127.0.0.121:7000", new String[] {A, "0"},
                        "127.0.0.122:7000", new String[] {B, "6148914691236517206"})));
        assertThat(model.motion().note()).doesNotContain("moving node");
    }

    @Test
    void atMidMoveReadsAreAtTheNewTokenAndTheReplicasOfTheRangesItLeavesArePending() {
        TopologyModel model = ClusterMetadataReader.of(
                SINGLE_TOKENS,
                31,
                moving("FINISH_MOVE"),
                ClusterMetadataReader.PreparedOperations.tokens(Map.of(1, List.of(B))));

        assertThat(model.nodes())
                .filteredOn(nt -> nt.node().address().equals("127.0.0.121"))
                .singleElement()
                .satisfies(nt -> assertThat(nt.tokens()).containsExactly(B));
        assertThat(model.motion().motions()).singleElement().satisfies(m -> {
            assertThat(m.step()).isEqualTo("MID_MOVE");
            assertThat(m.tokens()).extracting(Object::toString).containsExactly(B);
            assertThat(m.movedFrom()).extracting(Object::toString).containsExactly(A);
        });
        // write replicas (old and new) minus read replicas (new)
        assertThat(pending(model))
                .isEqualTo(ranges(Map.of(
                        "127.0.0.123:7000", new String[] {A, "0"},
                        "127.0.0.121:7000", new String[] {B, "6148914691236517206"})));
    }

    @ParameterizedTest
    @ValueSource(strings = {"MID_MOVE", "FINISH_MOVE"})
    void aMoveWhoseTargetIsNotInTheRecentLogIsAnsweredAtTheOldTokenWithoutPendingAndSaysSo(String next) {
        TopologyModel model = ClusterMetadataReader.of(
                SINGLE_TOKENS, 31, moving(next), ClusterMetadataReader.PreparedOperations.NONE);

        assertThat(model.nodes())
                .filteredOn(nt -> nt.node().address().equals("127.0.0.121"))
                .singleElement()
                .satisfies(nt -> assertThat(nt.tokens()).containsExactly(A));
        assertThat(pending(model)).isEmpty();
        assertThat(model.motion().note())
                .contains("the tokens moving node 127.0.0.121:7000 moves from and to are not both in the recent "
                        + "cluster metadata");
    }

    /*
     * .122 (node 2, token 0) replaced by .126 (node 4) in SINGLE_TOKENS: .122 replicates (6148914691236517206, A] and
     * (A, 0]. A real 6.0.0-alpha2 replacement's START_REPLACE added .126 to exactly the replaced node's write ranges
     * (the log's placement delta), reads unchanged; the directory names neither the replaced node nor, until it has
     * finished, the replacement's tokens: only the log's PREPARE_REPLACE says whom it replaces.
     */
    static final ClusterMetadataReader.PreparedOperations NODE_4_REPLACES_NODE_2 =
            new ClusterMetadataReader.PreparedOperations(Map.of(), Map.of(4, 2));

    @Test
    void atStartReplaceTheReplacementTakesTheWritesOfTheReplacedNodesRanges() {
        TopologyModel model =
                ClusterMetadataReader.of(SINGLE_TOKENS, 40, replacing("MID_REPLACE"), NODE_4_REPLACES_NODE_2);

        assertThat(model.nodes())
                .extracting(nt -> nt.node().address())
                .containsExactly("127.0.0.121", "127.0.0.122", "127.0.0.123");
        assertThat(model.motion().motions()).singleElement().satisfies(m -> {
            assertThat(m.kind()).isEqualTo(MotionKind.REPLACING);
            assertThat(m.step()).isEqualTo("START_REPLACE");
            assertThat(m.node().broadcastEndpoint()).isEqualTo("127.0.0.126:7000");
            assertThat(m.replacedHostId()).isEqualTo("6d194555-f6eb-41d0-c000-000000000002");
            assertThat(m.tokens()).extracting(Object::toString).containsExactly("0");
        });
        assertThat(pending(model)).isEqualTo(rangesOf("127.0.0.126:7000", REPLACED_RANGES));
    }

    @Test
    void atMidReplaceReadsMovedToTheReplacementAndTheReplacedNodeStillTakesTheWrites() {
        TopologyModel model =
                ClusterMetadataReader.of(SINGLE_TOKENS, 41, replacing("FINISH_REPLACE"), NODE_4_REPLACES_NODE_2);

        assertThat(model.nodes())
                .extracting(nt -> nt.node().address())
                .containsExactlyInAnyOrder("127.0.0.121", "127.0.0.123", "127.0.0.126");
        // write replicas (the replaced and the replacement) minus read replicas (the replacement)
        assertThat(pending(model)).isEqualTo(rangesOf("127.0.0.122:7000", REPLACED_RANGES));
    }

    @ParameterizedTest
    @ValueSource(strings = {"MID_REPLACE", "FINISH_REPLACE"})
    void aReplacementWhoseReplacedNodeIsNotInTheRecentLogAddsNoPendingAndSaysSo(String next) {
        TopologyModel model = ClusterMetadataReader.of(
                SINGLE_TOKENS, 41, replacing(next), ClusterMetadataReader.PreparedOperations.NONE);

        assertThat(model.nodes())
                .extracting(nt -> nt.node().address())
                .containsExactly("127.0.0.121", "127.0.0.122", "127.0.0.123");
        assertThat(pending(model)).isEmpty();
        assertThat(model.motion().note())
                .contains("the node replacement 127.0.0.126:7000 replaces is not in the recent cluster metadata log");
    }

    @Test
    void readsWhomAPrepareReplaceEntryReplaces() {
        // the text of a real 6.0.0-alpha2 log entry
        assertThat(ClusterMetadataReader.parseReplace("PrepareReplace{replaced=NodeId{id=2}, "
                        + "replacement=NodeId{id=4}, joinTokenRing=true, streamData=true}"))
                .hasValue(new ClusterMetadataReader.Replace(2, 4));
        assertThat(ClusterMetadataReader.parseReplace(PREPARE_JOIN)).isEmpty();
    }

    @Test
    void readsTheTokensOfAPrepareEntry() {
        assertThat(ClusterMetadataReader.parsePrepared(PREPARE_JOIN)).hasValueSatisfying(p -> {
            assertThat(p.nodeId()).isEqualTo(4);
            assertThat(p.tokens()).containsExactlyElementsOf(JOINER);
        });
        assertThat(ClusterMetadataReader.parsePrepared("Register{addresses=...}"))
                .isEmpty();
    }

    // ---- the recorded cluster

    private static List<ClusterMetadataReader.Entry> directory(String joinerNextStep) {
        List<ClusterMetadataReader.Entry> out = new ArrayList<>(List.of(
                entry(1, "127.0.0.121", "dc1", "rack1", "JOINED", N1, null),
                entry(3, "127.0.0.122", "dc1", "rack2", "JOINED", N3, null),
                entry(2, "127.0.0.123", "dc2", "rack1", "JOINED", N2, null)));
        if (joinerNextStep != null) {
            out.add(entry(
                    4,
                    "127.0.0.124",
                    "dc1",
                    "rack1",
                    "START_JOIN".equals(joinerNextStep) ? "REGISTERED" : "BOOTSTRAPPING",
                    List.of(),
                    joinerNextStep));
        }
        return out;
    }

    /** The single-token cluster's directory with .121 moving, its next step {@code nextStep}. */
    private static List<ClusterMetadataReader.Entry> moving(String nextStep) {
        return List.of(
                entry(1, "127.0.0.121", "dc1", "rack1", "MOVING", List.of(A), nextStep),
                entry(2, "127.0.0.122", "dc1", "rack1", "JOINED", List.of("0"), null),
                entry(3, "127.0.0.123", "dc1", "rack1", "JOINED", List.of("6148914691236517206"), null));
    }

    /** The single-token cluster's directory with .126 (node 4) replacing .122, its next step {@code nextStep}. */
    private static List<ClusterMetadataReader.Entry> replacing(String nextStep) {
        return List.of(
                entry(1, "127.0.0.121", "dc1", "rack1", "JOINED", List.of(A), null),
                entry(2, "127.0.0.122", "dc1", "rack1", "JOINED", List.of("0"), null),
                entry(3, "127.0.0.123", "dc1", "rack1", "JOINED", List.of("6148914691236517206"), null),
                entry(4, "127.0.0.126", "dc1", "rack1", "BOOT_REPLACING", List.of(), nextStep));
    }

    static final String[][] REPLACED_RANGES = {{"6148914691236517206", A}, {A, "0"}};

    private static Map<String, List<TokenRange>> rangesOf(String endpoint, String[][] ranges) {
        List<PendingRange> out = new ArrayList<>();
        for (String[] r : ranges) {
            out.add(pendingRange(endpoint, r));
        }
        return io.ringmap.pending.PendingReplicas.of(out).normalized(MURMUR3);
    }

    /** The range (r[0], r[1]] pending on {@code endpoint} ("address:port"). */
    private static PendingRange pendingRange(String endpoint, String[] r) {
        return new PendingRange(
                new TokenRange(new LongToken(Long.parseLong(r[0])), new LongToken(Long.parseLong(r[1]))),
                new Node(
                        endpoint,
                        "x",
                        "dc1",
                        "rack1",
                        NodeState.UP,
                        0,
                        endpoint.substring(0, endpoint.indexOf(':')),
                        7000));
    }

    private static Map<String, List<TokenRange>> ranges(Map<String, String[]> byEndpoint) {
        List<PendingRange> out = new ArrayList<>();
        byEndpoint.forEach((endpoint, r) -> out.add(pendingRange(endpoint, r)));
        return io.ringmap.pending.PendingReplicas.of(out).normalized(MURMUR3);
    }

    private static List<ClusterMetadataReader.Entry> withStep(
            List<ClusterMetadataReader.Entry> directory, int index, String nextStep) {
        List<ClusterMetadataReader.Entry> out = new ArrayList<>(directory);
        ClusterMetadataReader.Entry e = out.get(index);
        out.set(index, entry(e.nodeId(), e.broadcastAddress(), e.dc(), e.rack(), e.state(), e.tokens(), nextStep));
        return out;
    }

    private static ClusterMetadataReader.Entry entry(
            int id, String address, String dc, String rack, String state, List<String> tokens, String nextStep) {
        Map<String, String> operation = new LinkedHashMap<>();
        if (nextStep != null) {
            operation.put("kind", nextStep.substring(nextStep.indexOf('_') + 1));
            operation.put("nextStep", nextStep);
        }
        return new ClusterMetadataReader.Entry(
                id,
                "6d194555-f6eb-41d0-c000-00000000000" + id,
                address,
                7000,
                address,
                9042,
                dc,
                rack,
                state,
                tokens,
                operation);
    }

    private static NodeTokens ring(String hostId, String address, String rack, String dc, List<String> tokens) {
        return new NodeTokens(new Node(hostId, address, dc, rack, NodeState.UP, 9042, address, 7000), tokens);
    }

    private static Map<String, List<TokenRange>> pending(TopologyModel model) {
        Map<Node, List<Token>> tokens = new LinkedHashMap<>();
        model.nodes()
                .forEach(nt -> tokens.put(
                        nt.node(), nt.tokens().stream().map(MURMUR3::parseToken).toList()));
        RingMotion motion = RingMotion.of(TokenRing.of(MURMUR3, tokens), model.replication(), model.motion());
        return motion.pending("ks").normalized(MURMUR3);
    }

    private static Map<String, List<TokenRange>> cassandraSaid(String endpoint) {
        return rangesOf(endpoint, MOVED.toArray(String[][]::new));
    }
}
