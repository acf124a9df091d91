package io.ringmap.sizes.peers;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.ringmap.peers.InstanceId;
import io.ringmap.peers.PeerAddress;
import io.ringmap.peers.Rendezvous;
import io.ringmap.peers.client.PeerClient;
import io.ringmap.peers.client.PeerDirectory;
import io.ringmap.peers.client.PeerServers;
import io.ringmap.peers.service.PeerFanout;
import io.ringmap.sizes.NodeReport;
import io.ringmap.sizes.SizesShare;
import io.ringmap.sizes.SizesSnapshot;
import io.ringmap.token.Partitioner;
import io.ringmap.token.Partitioners;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * The sizes rounds of three instances (a, b, c) while their live sets differ for a round, played with the sharing
 * as the collector uses it ({@link DeploymentSizes#split}, then {@link SizesShare.Split#assemble} with this round's
 * and the previous round's own reports): each instance has a real HTTP peer endpoint answering its own share of its
 * last round, and "reading" a node is writing a report of it at the round's time. What docs/peers.md and the Javadoc
 * of {@link DeploymentSizes} claim: a node can be read twice or by no one in such a round; each view still has one
 * report per node, its own where it read the node, else the newest report any instance has of it, else
 * {@code MISSING}; the next round with agreeing views reads every node exactly once.
 */
class DeploymentSizesTest {

    private static final SizesCodec CODEC = new SizesCodec(JsonMapper.builder().build());

    private static final Partitioner MURMUR3 = Partitioners.byName("Murmur3Partitioner");
    private static final List<String> NODES =
            IntStream.rangeClosed(1, 40).mapToObj(i -> "10.0.0." + i).toList();
    private static final Instant T0 = Instant.parse("2026-12-02T12:00:00Z");
    private static final Duration ROUND = Duration.ofMinutes(5);

    private final List<Link> links = new ArrayList<>();
    private Instance a;
    private Instance b;
    private Instance c;
    private List<Instance> abc;

    /** Three instances, a, b and c, each with a link to the other two. */
    @BeforeEach
    void threeInstances() throws IOException {
        abc = deployment("a", "b", "c");
        a = abc.get(0);
        b = abc.get(1);
        c = abc.get(2);
    }

    @AfterEach
    void stopPeers() {
        links.forEach(Link::cut);
    }

    @Test
    void aNodeIsReadTwiceWhileOneInstanceCannotReachAnotherAndEachViewKeepsOneReportPerNode() throws IOException {
        // given the three seeing each other, after one round
        Map<String, Integer> first = round(1, a, b, c);
        assertThat(first)
                .as("reads per node, views agreeing")
                .containsOnlyKeys(NODES)
                .allSatisfy((n, reads) -> assertThat(reads).as(n).isOne());

        // when a cannot reach b for a round (b and c still see everyone)
        a.link(b).cut();
        Map<String, Integer> second = round(2, a, b, c);

        // then b's nodes that a owns among {a, c} are read twice, the others once, none by no one
        Set<String> twice = nodes(
                n -> owner(n, "a", "b", "c").equals("b") && owner(n, "a", "c").equals("a"));
        assertThat(twice).isNotEmpty();
        assertThat(second)
                .containsOnlyKeys(NODES)
                .allSatisfy((n, reads) -> assertThat(reads).as(n).isEqualTo(twice.contains(n) ? 2 : 1));
        // and every view has one report per node: a's own where it read one; b's nodes that a leaves to c (c sees b,
        // so leaves them to b, whom a cannot hear) have no report a ever received (b's first share came after a
        // asked): MISSING in a's view
        Set<String> toC = nodes(
                n -> owner(n, "a", "b", "c").equals("b") && owner(n, "a", "c").equals("c"));
        assertThat(toC).isNotEmpty();
        for (Instance i : abc) {
            assertThat(i.view).extracting(NodeReport::address).containsExactlyElementsOf(NODES);
        }
        for (NodeReport node : a.view) {
            if (twice.contains(node.address())) {
                assertThat(node.collectedBy()).as(node.address()).isNull();
                assertThat(node.collectedAt()).isEqualTo(at(2));
            } else if (toC.contains(node.address())) {
                assertThat(node.status()).as(node.address()).isEqualTo(NodeReport.Status.MISSING);
                assertThat(node.problems())
                        .containsExactly("not collected: no instance that answered collected it in its last round");
            } else {
                assertThat(node.absent()).as(node.address()).isFalse();
            }
        }
        assertThat(a.split.collectors().missing()).singleElement().satisfies(m -> {
            assertThat(m.peer()).isEqualTo(a.link(b).address().toString());
            assertThat(m.reason()).isEqualTo("connection refused");
        });
        assertThat(b.view).noneMatch(NodeReport::absent);
        assertThat(c.view).noneMatch(NodeReport::absent);

        // when a reaches b again: every node is read once, and every view is complete
        a.link(b).restore();
        Map<String, Integer> third = round(3, a, b, c);
        assertThat(third)
                .containsOnlyKeys(NODES)
                .allSatisfy((n, reads) -> assertThat(reads).as(n).isOne());
        for (Instance i : abc) {
            assertThat(i.view).as(i.id.value()).noneMatch(NodeReport::absent);
        }
    }

    @Test
    void aStartingInstancesNodesReadByNoOneAreServedFromTheLastReportsUntilItReadsThem() throws IOException {
        // given a and b sharing the nodes for two rounds; c not started (its endpoint refuses connections)
        a.link(c).cut();
        b.link(c).cut();
        round(1, a, b);
        round(2, a, b);

        // when c starts: its endpoint answers (no share yet, so it is live) and a and b run their rounds before c's
        a.link(c).restore();
        b.link(c).restore();
        Map<String, Integer> third = round(3, a, b);

        // then c's nodes are read by no one this round
        Set<String> cs = nodes(n -> owner(n, "a", "b", "c").equals("c"));
        assertThat(cs).isNotEmpty();
        assertThat(third.keySet()).doesNotContainAnyElementsOf(cs);
        // and a and b serve each of them from the round-2 report of the one that read it then: one view on both
        for (Instance i : List.of(a, b)) {
            Instance other = i == a ? b : a;
            for (NodeReport node : i.view) {
                assertThat(node.absent())
                        .as("%s in %s's view", node.address(), i.id.value())
                        .isFalse();
                if (cs.contains(node.address())) {
                    assertThat(node.collectedAt()).as(node.address()).isEqualTo(at(2));
                    boolean readItself = owner(node.address(), "a", "b").equals(i.id.value());
                    assertThat(node.collectedBy())
                            .as(node.address())
                            .isEqualTo(
                                    readItself ? null : i.link(other).address().toString());
                }
            }
        }

        // when c runs its first round, then a and b their next: each node read once, c's by c, in every view
        round(3, c);
        Map<String, Integer> fourth = round(4, a, b);
        for (String node : NODES) {
            assertThat(fourth.getOrDefault(node, 0) + (cs.contains(node) ? 1 : 0))
                    .as(node)
                    .isOne();
        }
        for (Instance i : List.of(a, b)) {
            assertThat(i.view)
                    .noneMatch(NodeReport::absent)
                    .filteredOn(n -> cs.contains(n.address()))
                    .allSatisfy(n -> assertThat(n.collectedBy())
                            .isEqualTo(i.link(c).address().toString()));
        }
    }

    /** Instances with these ids, each with a link to every other one (its peer list). */
    private List<Instance> deployment(String... ids) throws IOException {
        List<Instance> all = new ArrayList<>();
        for (String id : ids) {
            all.add(new Instance(new InstanceId(id)));
        }
        for (Instance self : all) {
            for (Instance other : all) {
                if (other != self) {
                    Link link = new Link(other.answer);
                    links.add(link);
                    self.links.put(other, link);
                }
            }
            self.join();
        }
        return all;
    }

    /** One round of each instance in turn at time {@code round}; returns how many instances read each node. */
    private Map<String, Integer> round(int round, Instance... turns) {
        Map<String, Integer> reads = new HashMap<>();
        for (Instance i : turns) {
            i.round(at(round));
            i.split.mine().forEach(node -> reads.merge(node, 1, Integer::sum));
        }
        return reads;
    }

    private static Instant at(int round) {
        return T0.plus(ROUND.multipliedBy(round));
    }

    private static String owner(String node, String... instances) {
        return Rendezvous.owner(node, List.of(instances));
    }

    private static Set<String> nodes(Predicate<String> which) {
        return new TreeSet<>(NODES.stream().filter(which).toList());
    }

    /** One instance: its own share as its peer endpoint answers it, its links to the others, its sharing. */
    private static final class Instance {

        final InstanceId id;
        final AtomicReference<String> answer = new AtomicReference<>();
        final Map<Instance, Link> links = new LinkedHashMap<>();
        DeploymentSizes sizes;
        SizesShare.Split split;
        List<NodeReport> view = List.of();
        List<NodeReport> own = List.of();

        Instance(InstanceId id) {
            this.id = id;
            answer.set(CODEC.encode(new PeerSizes(id.value(), null)).toString());
        }

        /** The link this instance asks {@code other} through. */
        Link link(Instance other) {
            return links.get(other);
        }

        void join() {
            PeerDirectory directory = new PeerDirectory(
                    null, links.values().stream().map(Link::address).toList(), () -> -1, null);
            directory.refresh();
            sizes = new DeploymentSizes(
                    new PeerFanout(id, directory, PeerServers.client(Duration.ofSeconds(5), 1 << 20), 32));
        }

        /** As SizesCollector.collect: split, read its nodes, assemble the view, publish its own share. */
        void round(Instant at) {
            split = sizes.split(NODES, MURMUR3);
            List<NodeReport> read = NODES.stream()
                    .filter(split.mine()::contains)
                    .map(node -> new NodeReport(node, NodeReport.Status.COLLECTED, at, List.of(), Map.of(), null, 9))
                    .toList();
            view = split.assemble(NODES, read, own, at.minus(ROUND.multipliedBy(2)));
            own = read;
            answer.set(CODEC.encode(new PeerSizes(id.value(), new SizesSnapshot(at, at, read)))
                    .toString());
        }
    }

    /**
     * How one instance reaches another: a real HTTP server answering the other's share at
     * {@code /actuator/peer/sizes}; cut, its port refuses connections, as a peer one instance cannot reach.
     */
    private static final class Link {

        private final AtomicReference<String> answer;
        private final int port;
        private HttpServer server;

        Link(AtomicReference<String> answer) throws IOException {
            this.answer = answer;
            this.server = listen(0);
            this.port = server.getAddress().getPort();
        }

        PeerAddress address() {
            return new PeerAddress("127.0.0.1", port);
        }

        void cut() {
            if (server != null) {
                server.stop(0);
                server = null;
            }
        }

        void restore() throws IOException {
            server = listen(port);
        }

        private HttpServer listen(int at) throws IOException {
            HttpServer one = HttpServer.create(new InetSocketAddress("127.0.0.1", at), 0);
            one.createContext(PeerClient.target(DeploymentSizes.PART), exchange -> {
                byte[] body = answer.get().getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Content-Type", "application/json");
                PeerServers.sign(exchange, 200, body, PeerServers.SECRET);
                exchange.sendResponseHeaders(200, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            });
            one.start();
            return one;
        }
    }
}
