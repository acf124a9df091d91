package io.ringmap.peers.service;

import io.ringmap.peers.Contributors;
import io.ringmap.peers.PeerAddress;
import io.ringmap.peers.client.PeerDirectory;
import java.util.ArrayList;
import java.util.List;

/**
 * The peers one fan-out asks (at most {@code ringmap.peers.max-peers}), and those it names missing before asking:
 * a DNS name that does not resolve, the peers beyond the maximum.
 */
record Asked(List<PeerAddress> peers, List<Contributors.Missing> missing) {

    static Asked of(PeerDirectory directory, int maxPeers) {
        List<Contributors.Missing> missing = new ArrayList<>();
        if (directory.problem() != null) {
            missing.add(new Contributors.Missing(directory.source(), directory.problem()));
        }
        List<PeerAddress> peers = directory.peers();
        for (PeerAddress beyond : peers.subList(Math.min(maxPeers, peers.size()), peers.size())) {
            missing.add(new Contributors.Missing(
                    beyond.toString(), "not asked: more than " + maxPeers + " peers (ringmap.peers.max-peers)"));
        }
        return new Asked(List.copyOf(peers.subList(0, Math.min(maxPeers, peers.size()))), missing);
    }
}
