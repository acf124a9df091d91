package io.ringmap.peers.client;

import io.ringmap.peers.PeerAddress;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.function.IntSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The peer set of this instance, resolved again on each {@link #refresh()}: the addresses of a DNS name (the A and
 * AAAA records of a headless Service, each at the management port) or a static list. This instance is left out: at
 * its own management port, the address its management server is bound to is itself, or, bound to every interface,
 * any address of its own interfaces and any loopback address.
 *
 * <p>The set is published as one immutable list through a volatile field; a DNS name that does not resolve keeps
 * the previous set and is named in {@link #problem()} until it resolves again.
 */
public final class PeerDirectory {

    private static final Logger log = LoggerFactory.getLogger(PeerDirectory.class);

    private final PeerAddress dns;
    private final List<PeerAddress> statics;
    private final IntSupplier ownPort;
    private final String ownAddress;

    private volatile Resolved resolved = new Resolved(List.of(), null);

    /**
     * @param dns     the DNS name and port, or null for the static list
     * @param statics the static peers (used when {@code dns} is null)
     * @param ownPort    this instance's management port (known once the server runs)
     * @param ownAddress the address the management server is bound to ({@code management.server.address}), or null
     *                   when it listens on every interface
     */
    public PeerDirectory(PeerAddress dns, List<PeerAddress> statics, IntSupplier ownPort, String ownAddress) {
        this.dns = dns;
        this.statics = List.copyOf(statics);
        this.ownPort = Objects.requireNonNull(ownPort, "ownPort must not be null");
        this.ownAddress = ownAddress == null || ownAddress.isBlank() ? null : ownAddress.strip();
    }

    /** The peers of the last refresh, this instance left out, in address order. */
    public List<PeerAddress> peers() {
        return resolved.peers;
    }

    /** Why the last refresh could not resolve the peer set (it kept the previous one), or null. */
    public String problem() {
        return resolved.problem;
    }

    /** The name the peers are found by: the DNS name, or "static". */
    public String source() {
        return dns != null ? dns.toString() : "static";
    }

    /** Resolves the peer set again. */
    public void refresh() {
        Resolved previous = resolved;
        List<PeerAddress> candidates;
        if (dns == null) {
            candidates = statics;
        } else {
            try {
                candidates = new ArrayList<>();
                for (InetAddress address : InetAddress.getAllByName(dns.host())) {
                    candidates.add(new PeerAddress(address.getHostAddress(), dns.port()));
                }
            } catch (UnknownHostException e) {
                String problem = "the peers' DNS name " + dns.host() + " does not resolve";
                if (previous.problem == null) {
                    log.warn("{}: keeping the {} peers known before", problem, previous.peers.size());
                }
                resolved = new Resolved(previous.peers, problem);
                return;
            }
        }
        List<PeerAddress> peers = new ArrayList<>();
        for (PeerAddress candidate : candidates) {
            if (!isSelf(candidate)) {
                peers.add(candidate);
            }
        }
        peers.sort(Comparator.comparing(PeerAddress::toString));
        if (!peers.equals(previous.peers)) {
            log.info("peers ({}): {}", source(), peers);
        }
        resolved = new Resolved(List.copyOf(peers), null);
    }

    private boolean isSelf(PeerAddress candidate) {
        if (candidate.port() != ownPort.getAsInt()) {
            return false;
        }
        try {
            InetAddress bound = ownAddress == null ? null : InetAddress.getByName(ownAddress);
            for (InetAddress address : InetAddress.getAllByName(candidate.host())) {
                if (bound != null && !bound.isAnyLocalAddress()
                        ? address.equals(bound)
                        // on every interface, a connection to any loopback address (all of 127/8) reaches it
                        : address.isAnyLocalAddress()
                                || address.isLoopbackAddress()
                                || NetworkInterface.getByInetAddress(address) != null) {
                    return true;
                }
            }
        } catch (UnknownHostException | SocketException e) {
            return false; // asked, and then recognised by its instance id if it is this one
        }
        return false;
    }

    private record Resolved(List<PeerAddress> peers, String problem) {}
}
