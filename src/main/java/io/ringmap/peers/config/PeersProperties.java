package io.ringmap.peers.config;

import io.ringmap.peers.PeerAddress;
import io.ringmap.peers.PeerList;
import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.boot.context.properties.bind.Name;
import org.springframework.validation.annotation.Validated;

/**
 * The other ringmap instances of one deployment, whose counts merged answers include.
 *
 * @param dns             {@code name:port}: the peers are the A (and AAAA) records of {@code name} (a headless
 *                        Service), each at {@code port} (their management port)
 * @param staticList      {@code ringmap.peers.static}: comma-separated {@code host:port} of the peers' management
 *                        ports; used when {@code dns} is not set
 * @param refreshInterval how often the peer set is resolved again
 * @param timeout         the longest a merged answer waits for the peers (connect and answer): a peer slower than
 *                        this is left out of the answer and named
 * @param maxPeers        peers asked at most (beyond: left out and named)
 * @param maxAnswerSize   the largest peer answer read, in bytes (beyond: the peer is left out and named)
 * @param credential      how this instance authenticates to its peers when caller authentication is on: an API key
 *                        with the management scope (mode api-key, sent in the API key header) or a bearer token with
 *                        it (mode jwt); set it from a secret
 */
@Validated
@ConfigurationProperties("ringmap.peers")
public record PeersProperties(
        String dns,
        @Name("static") String staticList,
        @DefaultValue("30s") @NotNull Duration refreshInterval,
        @DefaultValue("500ms") @NotNull Duration timeout,
        @DefaultValue("32") @Min(1) @Max(1000) int maxPeers,
        @DefaultValue("16777216") @Min(1024) int maxAnswerSize,
        String credential) {

    @AssertTrue(message = "ringmap.peers.dns must be name:port (the headless Service and the management port)")
    public boolean isDnsValid() {
        return dns == null || dns.isBlank() || valid(() -> PeerAddress.parse(dns));
    }

    @AssertTrue(message = "ringmap.peers.static must be comma-separated host:port of the peers' management ports")
    public boolean isStaticValid() {
        return staticList == null || valid(() -> PeerList.parse(staticList));
    }

    @AssertTrue(message = "ringmap.peers.refresh-interval and timeout must be positive")
    public boolean isIntervalsPositive() {
        return refreshInterval != null && timeout != null && !refreshInterval.isNegative() && !refreshInterval.isZero()
                && !timeout.isNegative() && !timeout.isZero();
    }

    /** Whether peers are configured at all. */
    public boolean configured() {
        return (dns != null && !dns.isBlank()) || !staticPeers().isEmpty();
    }

    /** The static peers, parsed. */
    public List<PeerAddress> staticPeers() {
        return PeerList.parse(staticList);
    }

    private static boolean valid(Runnable parse) {
        try {
            parse.run();
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
