package io.ringmap.peers.service;

import io.ringmap.hotkeys.Contributors;
import io.ringmap.peers.InstanceId;
import io.ringmap.peers.PeerSizes;
import io.ringmap.peers.Rendezvous;
import io.ringmap.peers.client.PeerClient;
import io.ringmap.peers.client.PeerDirectory;
import io.ringmap.sizes.NodeReport;
import io.ringmap.sizes.SizesShare;
import io.ringmap.token.Partitioner;
import java.util.ArrayList;
import java.util.Comparator;
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

    private final InstanceId instance;
    private final PeerDirectory directory;
    private final PeerClient client;
    private final int maxPeers;
    /**
     * Per peer, the newest report it sent of each node: its last share, and of a node it read before and no longer
     * does (its view of the live set changed), the last report; served while no newer report of the node comes.
     */
    private final Map<String, Map<String, NodeReport>> sent = new ConcurrentHashMap<>();

    public DeploymentSizes(InstanceId instance, PeerDirectory directory, PeerClient client, int maxPeers) {
        this.instance = Objects.requireNonNull(instance, "instance must not be null");
        this.directory = Objects.requireNonNull(directory, "directory must not be null");
        this.client = Objects.requireNonNull(client, "client must not be null");
        this.maxPeers = maxPeers;
    }

    @Override
    public Split split(List<String> nodes, Partitioner partitioner) {
        List<String> contributed = new ArrayList<>();
        Asked asked = Asked.of(directory, maxPeers);
        List<Contributors.Missing> missing = asked.missing();
        Set<String> live = new HashSet<>();
        live.add(instance.value());
        client.ask(asked.peers(), PeerClient.SIZES,
                SizesCodec.decoder(partitioner)).each(client.deadlineFromNow(), answer -> {
                    String peer = answer.peer().toString();
                    if (answer.value() == null) {
                        missing.add(new Contributors.Missing(peer, answer.problem()));
                    } else if (!instance.value().equals(answer.value().instance())
                            && live.add(answer.value().instance())) { // else: itself, or one instance twice
                        contributed.add(peer);
                        Map<String, NodeReport> reports = sent.computeIfAbsent(peer, p -> new ConcurrentHashMap<>());
                        if (answer.value().share() != null) {
                            answer.value().share().nodes().forEach(r -> reports.put(r.address(), r.from(peer, null)));
                        }
                    }
                });
        // a peer that did not answer: its last reports stay until a live instance reads its nodes (newer wins)
        sent.keySet().retainAll(asked.peers().stream().map(Object::toString).toList());
        List<NodeReport> others = new ArrayList<>();
        for (Map<String, NodeReport> reports : sent.values()) {
            reports.keySet().retainAll(nodes);
            others.addAll(reports.values());
        }
        Set<String> mine = new HashSet<>();
        for (String node : nodes) {
            if (Rendezvous.owner(node, live).equals(instance.value())) {
                mine.add(node);
            }
        }
        contributed.sort(Comparator.naturalOrder());
        missing.sort(Comparator.comparing(Contributors.Missing::peer));
        return new Split(mine, others, new Contributors("deployment", contributed, missing));
    }
}
