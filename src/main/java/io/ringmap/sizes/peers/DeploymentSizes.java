package io.ringmap.sizes.peers;

import io.ringmap.peers.Contributors;
import io.ringmap.peers.PeerRefused;
import io.ringmap.peers.Rendezvous;
import io.ringmap.peers.client.PeerClient;
import io.ringmap.peers.service.PeerFanout;
import io.ringmap.sizes.NodeReport;
import io.ringmap.sizes.SizesShare;
import io.ringmap.token.Partitioner;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Shares the sizes rounds between the live instances of a deployment. At the start of each round an instance asks
 * every peer for its own share of its last round ({@code GET /actuator/peer/sizes}, bounded by
 * {@code ringmap.peers.timeout}); the live instances are itself and the peers that answered, and each node is
 * collected by its rendezvous owner among them ({@link Rendezvous} over the instance ids). So with N live instances
 * each node is read once per round, not N times, and the nodes of an instance that stops answering go, in the next
 * round of each other instance, to the next owner; until a live instance has read them, they are served from the
 * reports the stopped instance sent last.
 *
 * <p>The partition holds while every instance sees the same live set. While the views differ (an instance just
 * started or stopped, a peer reachable from one instance and not from another) a node can be read by two instances
 * in one round, or by none. A node read twice is served by each reader from its own report and by the others from
 * the newer one. A node read by none is served from the newest report of it that any instance sent (each peer's
 * newest report of each node is kept, also of a node it no longer reads, until the peer leaves the list) or this
 * instance read in its previous round ({@link SizesShare.Split#assemble}), naming who collected it and, once older
 * than two rounds, its age; with no report at all the node is {@code MISSING}. DeploymentSizesTest plays these
 * rounds with three instances.
 */
public final class DeploymentSizes implements SizesShare {

    /** The part of the peer channel a peer's share is asked at ({@code /actuator/peer/sizes}). */
    public static final String PART = "sizes";

    private final PeerFanout peers;
    /**
     * Per peer, the newest report it sent of each node: its last share, and of a node it read before and no longer
     * does (its view of the live set changed), the last report; served while no newer report of the node comes.
     */
    private final Map<String, Map<String, NodeReport>> sent = new ConcurrentHashMap<>();

    public DeploymentSizes(PeerFanout peers) {
        this.peers = Objects.requireNonNull(peers, "peers must not be null");
    }

    @Override
    public Split split(List<String> nodes, Partitioner partitioner) {
        String instance = peers.instance().value();
        Set<String> live = new HashSet<>();
        live.add(instance);
        Contributors contributors = peers.gather(
                PeerClient.target(PART),
                SizesCodec.decoder(partitioner),
                PeerSizes::instance,
                peers.client().deadlineFromNow(),
                () -> {},
                (peer, sizes) -> {
                    if (sizes.share() != null && sizes.share().nodes().size() > nodes.size()) {
                        throw new PeerRefused("refused: a share of "
                                + sizes.share().nodes().size() + " nodes, the " + "ring has " + nodes.size());
                    }
                    live.add(sizes.instance());
                    Map<String, NodeReport> reports = sent.computeIfAbsent(peer, p -> new ConcurrentHashMap<>());
                    if (sizes.share() != null) {
                        sizes.share().nodes().forEach(r -> reports.put(r.address(), r.from(peer, null)));
                    }
                });
        // a peer that did not answer: its last reports stay until a live instance reads its nodes (newer wins)
        Set<String> known = new HashSet<>(contributors.contributed());
        contributors.missing().forEach(m -> known.add(m.peer()));
        sent.keySet().retainAll(known);
        List<NodeReport> others = new ArrayList<>();
        for (Map<String, NodeReport> reports : sent.values()) {
            reports.keySet().retainAll(nodes);
            others.addAll(reports.values());
        }
        Set<String> mine = new HashSet<>();
        for (String node : nodes) {
            if (Rendezvous.owner(node, live).equals(instance)) {
                mine.add(node);
            }
        }
        return new Split(mine, others, contributors);
    }
}
