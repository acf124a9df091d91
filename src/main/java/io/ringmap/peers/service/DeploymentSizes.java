package io.ringmap.peers.service;

import io.ringmap.hotkeys.Contributors;
import io.ringmap.peers.PeerSizes;
import io.ringmap.peers.Rendezvous;
import io.ringmap.peers.client.PeerClient;
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
 * in one round, or by none: the round then serves the newest report another instance sent of it (naming who
 * collected it, and its age once older than two rounds) or names the node {@code MISSING}.
 */
public final class DeploymentSizes implements SizesShare {

    private final PeerFanout peers;
    /** Each peer's share as it last sent it, served while the peer does not answer until others take its nodes. */
    private final Map<String, List<NodeReport>> lastShares = new ConcurrentHashMap<>();

    public DeploymentSizes(PeerFanout peers) {
        this.peers = Objects.requireNonNull(peers, "peers must not be null");
    }

    @Override
    public Split split(List<String> nodes, Partitioner partitioner) {
        String instance = peers.instance().value();
        Set<String> live = new HashSet<>();
        live.add(instance);
        List<NodeReport> others = new ArrayList<>();
        Contributors contributors = peers.gather(PeerClient.SIZES, SizesCodec.decoder(partitioner),
                PeerSizes::instance, peers.client().deadlineFromNow(), () -> { }, (peer, sizes) -> {
                    live.add(sizes.instance());
                    List<NodeReport> share = sizes.share() == null ? List.of()
                            : sizes.share().nodes().stream().map(r -> r.from(peer, null)).toList();
                    lastShares.put(peer, share);
                    others.addAll(share);
                });
        List<String> contributed = contributors.contributed();
        // a peer that did not answer: its last reports stay until a live instance reads its nodes (newer wins)
        Set<String> known = new HashSet<>(contributed);
        contributors.missing().forEach(m -> known.add(m.peer()));
        lastShares.keySet().retainAll(known);
        lastShares.forEach((peer, share) -> {
            if (!contributed.contains(peer)) {
                others.addAll(share);
            }
        });
        Set<String> mine = new HashSet<>();
        for (String node : nodes) {
            if (Rendezvous.owner(node, live).equals(instance)) {
                mine.add(node);
            }
        }
        return new Split(mine, others, contributors);
    }
}
