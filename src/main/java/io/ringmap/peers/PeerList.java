package io.ringmap.peers;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/** Reads {@code ringmap.peers.static}: comma-separated {@code host:port} of the peers' management ports. */
public final class PeerList {

    private PeerList() {}

    /**
     * The distinct peers in the order given; blank entries (a trailing comma) are skipped.
     *
     * @throws IllegalArgumentException naming the entry that is not {@code host:port}
     */
    public static List<PeerAddress> parse(String list) {
        LinkedHashSet<PeerAddress> peers = new LinkedHashSet<>();
        if (list == null) {
            return List.of();
        }
        for (String entry : list.split(",")) {
            if (!entry.isBlank()) {
                peers.add(PeerAddress.parse(entry));
            }
        }
        return new ArrayList<>(peers);
    }
}
