package io.ringmap.peers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import javax.crypto.Mac;
import org.junit.jupiter.api.Test;

/** The peer channel's proof: what a signature covers, the clock skew, replays, and answers bound to their request. */
class PeerSignerTest {

    private static final String SECRET = "a-deployment-secret-of-32-characters!";
    private static final Instant NOW = Instant.parse("2026-12-05T12:00:00Z");

    private final PeerSigner asker = signer("asker", NOW);
    private final PeerSigner receiver = signer("receiver", NOW);

    @Test
    void aSignedRequestIsAcceptedOnceAndNamesTheAsker() {
        Map<String, String> signed = asker.signRequest("GET", "/actuator/peer?replicasOnly=true");

        assertThat(verify(receiver, "/actuator/peer?replicasOnly=true", signed)).isEqualTo("asker");
        assertThatThrownBy(() -> verify(receiver, "/actuator/peer?replicasOnly=true", signed))
                .isInstanceOf(PeerRefused.class)
                .hasMessage("the request was already answered (a replayed nonce)");
    }

    @Test
    void anyChangeToASignedRequestIsRefused() {
        Map<String, String> signed = asker.signRequest("GET", "/actuator/peer?keyspace=iot&table=readings");
        Map<String, String> otherInstance = new HashMap<>(signed);
        otherInstance.put(PeerSigner.INSTANCE, "someone-else");

        assertThatThrownBy(() -> verify(receiver, "/actuator/peer?keyspace=iot&table=other", signed))
                .hasMessage("the request's signature does not match (ringmap.peers.secret differs)");
        assertThatThrownBy(() -> verify(receiver, "/actuator/peer?keyspace=iot&table=readings", otherInstance))
                .hasMessage("the request's signature does not match (ringmap.peers.secret differs)");
        assertThatThrownBy(() -> verify(
                        new PeerSigner(
                                "another-deployment-secret-0123456789",
                                new InstanceId("r"),
                                Duration.ofSeconds(30),
                                Clock.fixed(NOW, ZoneOffset.UTC)),
                        "/actuator/peer?keyspace=iot&table=readings",
                        signed))
                .hasMessage("the request's signature does not match (ringmap.peers.secret differs)");
        assertThatThrownBy(() -> verify(receiver, "/actuator/peer", Map.of()))
                .hasMessageStartingWith("the request is not signed");
    }

    @Test
    void aRequestSignedOutsideTheClockSkewIsRefused() {
        Map<String, String> old = signer("asker", NOW.minusSeconds(31)).signRequest("GET", "/actuator/peer");
        Map<String, String> future = signer("asker", NOW.plusSeconds(31)).signRequest("GET", "/actuator/peer");

        assertThatThrownBy(() -> verify(receiver, "/actuator/peer", old))
                .isInstanceOf(PeerRefused.class)
                .hasMessage("the request was signed 31000 ms from this instance's clock, more than 30000 ms "
                        + "(ringmap.peers.max-clock-skew)");
        assertThatThrownBy(() -> verify(receiver, "/actuator/peer", future)).isInstanceOf(PeerRefused.class);
    }

    @Test
    void anAnswerIsBoundToItsRequestItsInstanceAndItsBody() {
        String nonce = asker.signRequest("GET", "/actuator/peer").get(PeerSigner.NONCE);
        byte[] body = "{\"instance\":\"receiver\"}".getBytes(StandardCharsets.UTF_8);
        String signature = receiver.signAnswer(nonce, 200, body);

        assertThat(PeerSigner.matches(fed(asker.answerMac(nonce, "receiver", 200), body), signature))
                .isTrue();
        assertThat(PeerSigner.matches(fed(asker.answerMac("another-nonce", "receiver", 200), body), signature))
                .isFalse();
        assertThat(PeerSigner.matches(fed(asker.answerMac(nonce, "someone-else", 200), body), signature))
                .isFalse();
        assertThat(PeerSigner.matches(
                        fed(
                                asker.answerMac(nonce, "receiver", 200),
                                "{\"instance\":\"receiveR\"}".getBytes(StandardCharsets.UTF_8)),
                        signature))
                .isFalse();
        assertThat(PeerSigner.matches(fed(asker.answerMac(nonce, "receiver", 200), body), "not-base64!"))
                .isFalse();
    }

    private static Mac fed(Mac mac, byte[] body) {
        mac.update(body);
        return mac;
    }

    private static String verify(PeerSigner signer, String target, Map<String, String> headers) {
        return signer.verifyRequest(
                "GET",
                target,
                headers.get(PeerSigner.INSTANCE),
                headers.get(PeerSigner.TIME),
                headers.get(PeerSigner.NONCE),
                headers.get(PeerSigner.SIGNATURE));
    }

    private static PeerSigner signer(String instance, Instant now) {
        return new PeerSigner(
                SECRET, new InstanceId(instance), Duration.ofSeconds(30), Clock.fixed(now, ZoneOffset.UTC));
    }
}
