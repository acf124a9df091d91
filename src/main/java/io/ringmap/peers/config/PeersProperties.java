package io.ringmap.peers.config;

import io.ringmap.peers.PeerAddress;
import io.ringmap.peers.PeerList;
import io.ringmap.peers.PeerSigner;
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
 * @param maxAnswerSize   the largest peer answer read, in bytes (beyond: the peer is left out and named); the
 *                        answer is read while it arrives and never held whole
 * @param secret          the deployment's peer secret (at least 32 characters, the same on every instance, from a
 *                        Secret): every request and answer between instances is signed with it
 *                        ({@link io.ringmap.peers.PeerSigner}); required with peers
 * @param maxClockSkew    how far a signed request's time may be from the receiver's clock (also how long its nonce
 *                        is remembered against replay)
 * @param allowPlainHttp  ask the peers over plain http (signed, but the answers' key material readable on the way);
 *                        without it peers need {@code tls.bundle}
 * @param tls             https to the peers
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
        String secret,
        @DefaultValue("30s") @NotNull Duration maxClockSkew,
        @DefaultValue("false") boolean allowPlainHttp,
        @DefaultValue @NotNull Tls tls) {

    /**
     * https to the peers.
     *
     * @param bundle     the Spring Boot SSL bundle ({@code spring.ssl.bundle.*}) whose trust store the peers'
     *                   certificates must chain to (and whose key store, if any, is presented for mutual TLS);
     *                   set, every peer is asked at {@code https://host:port}
     * @param serverName the DNS name every peer's certificate must carry instead of the address asked (pods are
     *                   asked at their IP addresses); unset, the address asked is verified as usual
     */
    public record Tls(String bundle, String serverName) {

        /** Whether the peers are asked over https. */
        public boolean enabled() {
            return bundle != null && !bundle.isBlank();
        }
    }

    @AssertTrue(
            message = "ringmap.peers.secret must be set (at least 32 characters, the same on every instance) when "
                    + "peers are configured: instances sign every request and answer with it")
    public boolean isSecretGiven() {
        return !configured() || (secret != null && secret.strip().length() >= PeerSigner.MIN_SECRET_LENGTH);
    }

    @AssertTrue(
            message = "ringmap.peers: peers are asked over https with ringmap.peers.tls.bundle (an SSL bundle "
                    + "with the peers' trust store); plain http only with ringmap.peers.allow-plain-http=true")
    public boolean isTransportChosen() {
        return !configured() || tls == null || tls.enabled() || allowPlainHttp;
    }

    @AssertTrue(message = "ringmap.peers.max-clock-skew must be positive")
    public boolean isSkewPositive() {
        return maxClockSkew == null || (!maxClockSkew.isNegative() && !maxClockSkew.isZero());
    }

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
        return refreshInterval != null
                && timeout != null
                && !refreshInterval.isNegative()
                && !refreshInterval.isZero()
                && !timeout.isNegative()
                && !timeout.isZero();
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
