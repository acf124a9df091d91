package io.ringmap.peers.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.ringmap.hotkeys.peers.PeerState;
import io.ringmap.peers.InstanceId;
import io.ringmap.peers.PeerAddress;
import io.ringmap.peers.PeerSigner;
import io.ringmap.peers.web.PeerPart;
import io.ringmap.testsupport.Ports;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The fan-out's bounds, against real HTTP servers that answer slowly, badly, too much, or not at all. */
class PeerClientTest {

    private static final String STATE = "{\"instance\":\"i-1\",\"clearLabels\":true,\"tables\":[{\"keyspace\":\"iot\","
            + "\"table\":\"readings\",\"hits\":3,\"maximumError\":0,\"counts\":{\"a\":3}}]}";

    @RegisterExtension
    static final PeerServers servers = new PeerServers();

    @Test
    void aQuestionIsItsPartAndTheGivenParametersUrlEncoded() {
        // the targets the features ask, as the endpoint's paths and parameters read them
        assertThat(PeerClient.target(PeerPart.ROOT)).isEqualTo("/actuator/peer");
        assertThat(PeerClient.target(PeerPart.ROOT, "replicasOnly", "true"))
                .isEqualTo("/actuator/peer?replicasOnly=true");
        assertThat(PeerClient.target("heatmap", "keyspace", "iot", "table", "read ings&x", "keys", null))
                .isEqualTo("/actuator/peer/heatmap?keyspace=iot&table=read+ings%26x");
        assertThat(PeerClient.target("sizes")).isEqualTo("/actuator/peer/sizes");
    }

    @Test
    void aSlowPeerIsLeftOutAfterTheTimeoutWhileTheOthersAnswer() throws IOException {
        // given one peer that answers at once and one that never answers
        PeerAddress fast = serve("/actuator/peer", 200, STATE, false);
        PeerAddress slow = serve("/actuator/peer", 200, STATE, true);
        PeerClient client = PeerServers.client(Duration.ofMillis(400), 1 << 20);

        // when
        long start = System.nanoTime();
        List<PeerClient.Answer<PeerState>> answers = states(client, List.of(fast, slow));
        long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

        // then
        assertThat(answers.get(0).value().tables()).hasSize(1);
        assertThat(answers.get(0).value().tables().get(0).counts()).containsEntry("a", 3L);
        assertThat(answers.get(1).value()).isNull();
        assertThat(answers.get(1).problem()).isEqualTo("no answer within 400 ms");
        assertThat(tookMillis).isLessThan(400 + 1500); // the timeout, not the slow peer, ends the wait
    }

    @Test
    void aPeerThatIsNotThereIsNamedWithTheReason() throws IOException {
        int closed = Ports.free(); // nobody listens
        PeerClient client = PeerServers.client(Duration.ofSeconds(2), 1 << 20);

        List<PeerClient.Answer<PeerState>> answers = states(client, List.of(new PeerAddress("127.0.0.1", closed)));

        assertThat(answers.get(0).problem()).isEqualTo("connection refused");
    }

    @Test
    void aRefusedSignatureSaysWhatThePeersMustShare() throws IOException {
        PeerAddress peer = serve("/actuator/peer", 401, "{}", false);
        PeerClient client = PeerServers.client(Duration.ofSeconds(2), 1 << 20);

        List<PeerClient.Answer<PeerState>> answers = states(client, List.of(peer));

        assertThat(answers.get(0).problem())
                .isEqualTo("answered HTTP 401 (the peers must share ringmap.peers.secret and clocks within "
                        + "ringmap.peers.max-clock-skew)");
    }

    @Test
    void signsTheRequestAndAsksForOneTable() throws IOException {
        AtomicReference<String> seen = new AtomicReference<>();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/actuator/peer", exchange -> {
            seen.set(exchange.getRequestHeaders().getFirst(PeerSigner.INSTANCE) + " "
                    + (exchange.getRequestHeaders().getFirst(PeerSigner.SIGNATURE) != null) + " "
                    + exchange.getRequestURI().getQuery());
            byte[] body = STATE.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        InstanceId asker = InstanceId.random();
        PeerClient client = new PeerClient(Duration.ofSeconds(2), 1 << 20, PeerServers.signer(asker), null);
        try {
            client.ask(
                            List.of(new PeerAddress(
                                    "127.0.0.1", server.getAddress().getPort())),
                            PeerClient.target(PeerPart.ROOT, "keyspace", "iot", "table", "readings"),
                            PeerServers.states(),
                            client.deadlineFromNow())
                    .all();
        } finally {
            server.stop(0);
        }

        assertThat(seen.get()).isEqualTo(asker.value() + " true keyspace=iot&table=readings");
    }

    @Test
    void anAnswerLargerThanTheLimitIsRefused() throws IOException {
        PeerAddress peer = serve("/actuator/peer", 200, STATE, false);
        PeerClient client = PeerServers.client(Duration.ofSeconds(2), 16);

        List<PeerClient.Answer<PeerState>> answers = states(client, List.of(peer));

        assertThat(answers.get(0).problem()).isEqualTo("answer larger than 16 bytes (ringmap.peers.max-answer-size)");
    }

    @Test
    void anUnreadableAnswerIsNamed() throws IOException {
        PeerAddress peer = serve("/actuator/peer", 200, "{\"instance\":", false);
        PeerClient client = PeerServers.client(Duration.ofSeconds(2), 1 << 20);

        List<PeerClient.Answer<PeerState>> answers = states(client, List.of(peer));

        assertThat(answers.get(0).problem()).startsWith("unreadable answer");
    }

    private static List<PeerClient.Answer<PeerState>> states(PeerClient client, List<PeerAddress> peers) {
        return client.ask(peers, PeerClient.target(PeerPart.ROOT), PeerServers.states(), client.deadlineFromNow())
                .all();
    }

    private PeerAddress serve(String path, int status, String body, boolean hang) {
        return servers.serve(path, status, body, hang ? Duration.ofSeconds(10) : Duration.ZERO);
    }
}
