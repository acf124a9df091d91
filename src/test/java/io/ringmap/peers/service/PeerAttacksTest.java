package io.ringmap.peers.service;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.HotKeySettings;
import io.ringmap.hotkeys.HotKeySource;
import io.ringmap.hotkeys.KeyExporter;
import io.ringmap.hotkeys.ReplicaHits;
import io.ringmap.hotkeys.peers.DeploymentHotKeys;
import io.ringmap.peers.Contributors;
import io.ringmap.peers.InstanceId;
import io.ringmap.peers.PeerAddress;
import io.ringmap.peers.PeerSigner;
import io.ringmap.peers.client.PeerClient;
import io.ringmap.peers.client.PeerDirectory;
import io.ringmap.peers.client.PeerServers;
import io.ringmap.ring.TableName;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The attacks of issue 35 on the peer channel, each played by a real HTTP peer against the merged hot keys, and each
 * failing: the attacker is named with the reason, nothing of its answer is merged, the honest peer still is, and
 * the answer comes within the timeout plus the stated slack (docs/peers.md, "Limits").
 */
class PeerAttacksTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(2);
    /** The stated slack of docs/peers.md, plus scheduling on a loaded 2-core machine. */
    private static final long SLACK_MILLIS = 1000;

    private static final int CALLS = 40;
    private static final TableName READINGS = new TableName("iot", "readings");

    @RegisterExtension
    static final PeerServers servers = new PeerServers();

    private static byte[] floodBody;

    @Test
    void aPeerAnsweringFifteenMegabytesManyTimesAtOnceIsStoppedEarlyAndNamed() throws Exception {
        // given an honest peer and one that answers 15 MB of valid JSON: 1.2M keys in the table asked for
        PeerAddress honest = honest("p-honest");
        byte[] body = floodBody();
        try (ServerSocket flooder = flood(body)) {
            PeerAddress attacker = new PeerAddress("127.0.0.1", flooder.getLocalPort());
            askManyTimes(hotKeys(honest, attacker), honest, attacker);
        }
    }

    private static void askManyTimes(DeploymentHotKeys hotKeys, PeerAddress honest, PeerAddress attacker)
            throws Exception {
        // when 40 merged answers are asked for, 4 at a time
        ExecutorService callers = Executors.newFixedThreadPool(4);
        List<Future<long[]>> answers = new ArrayList<>();
        for (int i = 0; i < CALLS; i++) {
            answers.add(callers.submit(() -> {
                long start = System.nanoTime();
                HotKeySource.Gathered answer = hotKeys.hotKeys(READINGS, 10);
                long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                assertThat(answer.contributors().contributed())
                        .as(answer.contributors().toString())
                        .containsExactly(honest.toString());
                String reason = reason(answer.contributors(), attacker);
                assertThat(reason)
                        .isEqualTo("refused: a sketch with more than 768 keys, a sketch holds at most 768 "
                                + "(0.75 × ringmap.hotkeys.max-map-size)");
                assertThat(answer.tables().get(0).streamLength()).isEqualTo(5 + 7);
                return new long[] {took};
            }));
        }
        callers.shutdown();

        // then every answer names the attacker, merges the honest peer and comes within the timeout and slack
        long slowest = 0;
        for (Future<long[]> answer : answers) {
            long[] result = answer.get(60, TimeUnit.SECONDS);
            slowest = Math.max(slowest, result[0]);
        }
        assertThat(slowest).isLessThan(TIMEOUT.toMillis() + SLACK_MILLIS);
        System.out.printf("%d answers at 4 concurrent with a 15 MB peer: slowest %d ms%n", CALLS, slowest);
    }

    @Test
    void moreJsonThanAnHonestAnswerHoldsIsRefusedAtTheBound() {
        // given a peer that answers a one-table question with 15,000 replica nodes (an instance counts 10,000)
        StringBuilder nodes = new StringBuilder();
        for (int i = 0; i < 15_000; i++) {
            nodes.append(i == 0 ? "" : ",").append("\"node-").append(i).append("\":1");
        }
        PeerAddress many = servers.serve(
                "/actuator/peer",
                200,
                "{\"instance\":\"p-many\",\"clearLabels\":true," + "\"tables\":[],\"replicaHits\":{" + nodes + "}}",
                Duration.ZERO);

        HotKeySource.Gathered answer = hotKeys(many).hotKeys(READINGS, 10);

        assertThat(reason(answer.contributors(), many))
                .startsWith("refused: more than an honest peer sends for this " + "question (Token count");
    }

    @Test
    void aMillionKeysInOneTableAreRefusedAtTheFirstKeyBeyondASketchWhenEveryTableIsAsked() throws Exception {
        // given the 15 MB peer, and a question about every table (whose bound in tokens is 1000 full sketches)
        PeerAddress honest = honest("p-honest");
        try (ServerSocket flooder = flood(floodBody())) {
            PeerAddress attacker = new PeerAddress("127.0.0.1", flooder.getLocalPort());

            HotKeySource.Gathered answer = hotKeys(honest, attacker).hotKeys(null, 10);

            // then the peer is refused at the 769th key of the table, not after a million
            assertThat(reason(answer.contributors(), attacker))
                    .isEqualTo("refused: a sketch with more than 768 keys, "
                            + "a sketch holds at most 768 (0.75 × ringmap.hotkeys.max-map-size)");
            assertThat(answer.contributors().contributed()).containsExactly(honest.toString());
        }
    }

    /** 15.6 MB of valid JSON: a hot-key state with 1.2 million keys in iot.readings (the attack of issue 35). */
    private static synchronized byte[] floodBody() {
        if (floodBody == null) {
            StringBuilder flood = new StringBuilder(16 << 20)
                    .append("{\"instance\":\"p-flood\",\"clearLabels\":true,"
                            + "\"tables\":[{\"keyspace\":\"iot\",\"table\":\"readings\",\"hits\":1200000,"
                            + "\"maximumError\":0,\"counts\":{");
            for (int i = 0; i < 1_200_000; i++) {
                flood.append(i == 0 ? "" : ",").append("\"key-").append(i).append("\":1");
            }
            floodBody = flood.append("}}]}").toString().getBytes(StandardCharsets.UTF_8);
            assertThat(floodBody.length).isGreaterThan(15_000_000);
        }
        return floodBody;
    }

    /**
     * A peer that answers every request with {@code body}, signed headers and all, on plain sockets (the JDK's
     * HttpServer copes badly with clients that hang up in the middle of 15 MB).
     */
    private static ServerSocket flood(byte[] body) throws IOException {
        ServerSocket server = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(() -> {
            while (!server.isClosed()) {
                try {
                    Socket connection = server.accept();
                    Thread answer = new Thread(() -> answer(connection, body));
                    answer.setDaemon(true);
                    answer.start();
                } catch (IOException e) {
                    return; // closed
                }
            }
        });
        acceptor.setDaemon(true);
        acceptor.start();
        return server;
    }

    private static void answer(Socket connection, byte[] body) {
        try (connection) {
            InputStream in = connection.getInputStream();
            StringBuilder head = new StringBuilder();
            int c;
            while (head.indexOf("\r\n\r\n") < 0 && (c = in.read()) >= 0) {
                head.append((char) c);
            }
            OutputStream out = connection.getOutputStream();
            out.write(("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + body.length
                            + "\r\n" + PeerSigner.INSTANCE + ": p-flood\r\n" + PeerSigner.SIGNATURE + ": AAAA\r\n"
                            + "Connection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.write(body);
        } catch (IOException e) {
            // the asker hung up
        }
    }

    @Test
    void aPeerThatTricklesItsAnswerIsCutAtTheDeadline() throws IOException {
        // given a peer that sends a valid start and then one key every 50 ms, for ever
        HttpServer trickle = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        trickle.setExecutor(Executors.newCachedThreadPool());
        trickle.createContext("/actuator/peer", exchange -> {
            PeerServers.sign(exchange, 200, new byte[0], PeerServers.SECRET); // headers; the body never ends
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(("{\"instance\":\"p-trickle\",\"clearLabels\":true,\"tables\":[{\"keyspace\":\"iot\","
                                + "\"table\":\"readings\",\"hits\":9,\"maximumError\":0,\"counts\":{\"a\":1")
                        .getBytes(StandardCharsets.UTF_8));
                for (int i = 0; i < 200; i++) {
                    out.write((",\"k" + i + "\":1").getBytes(StandardCharsets.UTF_8));
                    out.flush();
                    Thread.sleep(50);
                }
            } catch (IOException | InterruptedException e) {
                // the asker hung up
            }
        });
        trickle.start();
        try {
            PeerAddress slow = new PeerAddress("127.0.0.1", trickle.getAddress().getPort());
            PeerAddress honest = honest("p-honest");

            long start = System.nanoTime();
            HotKeySource.Gathered answer = hotKeys(honest, slow).hotKeys(READINGS, 10);
            long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

            assertThat(answer.contributors().contributed()).containsExactly(honest.toString());
            assertThat(reason(answer.contributors(), slow))
                    .matches(
                            "no answer within 2000 ms"
                                    + "|answered, but not merged within 2000 ms"
                                    + "|answer not read within the deadline \\(ringmap.peers.timeout\\): stopped after \\d+ bytes");
            assertThat(took).isLessThan(TIMEOUT.toMillis() + SLACK_MILLIS);
        } finally {
            trickle.stop(0);
        }
    }

    @Test
    void inflatedCountsAreRefusedAndNamed() {
        // given a peer whose key is counted 4e18 times in a table of 56,015 hits
        PeerAddress honest = honest("p-honest");
        PeerAddress inflated = servers.serve(
                "/actuator/peer",
                200,
                state("p-inflated", "iot", "readings", 56_015, "\"sensor-1\":4000000000000000000"),
                Duration.ZERO);

        HotKeySource.Gathered answer = hotKeys(honest, inflated).hotKeys(READINGS, 10);

        assertThat(reason(answer.contributors(), inflated))
                .startsWith("refused: the sketch of iot.readings counts a " + "key 4000000000000000000 times");
        assertThat(answer.tables().get(0).keys().get(0).lowerBound()).isEqualTo(5 + 7);
    }

    @Test
    void anExtraTableIsRefusedAndNamedAndCannotReplaceTheTableAskedFor() {
        // given a peer that sends a table sorting before the one asked for
        PeerAddress honest = honest("p-honest");
        String extra = "{\"instance\":\"p-extra\",\"clearLabels\":true,\"tables\":["
                + "{\"keyspace\":\"aaa\",\"table\":\"first\",\"hits\":9,\"maximumError\":0,\"counts\":{\"x\":9}},"
                + "{\"keyspace\":\"iot\",\"table\":\"readings\",\"hits\":1,\"maximumError\":0,\"counts\":{\"y\":1}}]}";
        PeerAddress attacker = servers.serve("/actuator/peer", 200, extra, Duration.ZERO);

        HotKeySource.Gathered answer = hotKeys(honest, attacker).hotKeys(READINGS, 10);

        assertThat(reason(answer.contributors(), attacker)).isEqualTo("refused: 2 tables, 1 was asked for");
        assertThat(answer.tables())
                .singleElement()
                .satisfies(t -> assertThat(t.table()).isEqualTo(READINGS));
        assertThat(answer.tables().get(0).streamLength()).isEqualTo(5 + 7);
    }

    @Test
    void aTableNotAskedForIsRefusedAndNamed() {
        PeerAddress other =
                servers.serve("/actuator/peer", 200, state("p-other", "aaa", "first", 9, "\"x\":9"), Duration.ZERO);

        HotKeySource.Gathered answer = hotKeys(other).hotKeys(READINGS, 10);

        assertThat(reason(answer.contributors(), other))
                .isEqualTo("refused: it sent aaa.first, which was not asked " + "for (iot.readings)");
        assertThat(answer.tables())
                .singleElement()
                .satisfies(t -> assertThat(t.table()).isEqualTo(READINGS));
    }

    @Test
    void aPeerWithoutTheSecretCannotSpeakForAnotherInstance() {
        // given the honest peer p-honest, and a fake one that echoes its id but does not hold the secret
        PeerAddress honest = honest("p-honest");
        try (PeerServers outsiders = new PeerServers("not-the-deployment-secret-0123456789")) {
            PeerAddress spoof = outsiders.serve(
                    "/actuator/peer", 200, state("p-honest", "iot", "readings", 1, "\"evil\":1"), Duration.ZERO);

            HotKeySource.Gathered answer = hotKeys(spoof, honest).hotKeys(READINGS, 10);

            // then the spoof is named, and the honest instance's counts are in, whoever answered first
            assertThat(reason(answer.contributors(), spoof))
                    .startsWith("refused: the answer's signature does not " + "match");
            assertThat(answer.contributors().contributed()).containsExactly(honest.toString());
            assertThat(answer.tables().get(0).streamLength()).isEqualTo(5 + 7);
        }
    }

    @Test
    void anInstanceAnsweringUnderTwoAddressesIsMergedOnceAndTheSecondIsNamed() {
        PeerAddress first = honest("p-same");
        PeerAddress second = honest("p-same");

        HotKeySource.Gathered answer = hotKeys(first, second).hotKeys(READINGS, 10);

        assertThat(answer.contributors().contributed()).hasSize(1);
        assertThat(answer.contributors().missing())
                .singleElement()
                .satisfies(m -> assertThat(m.reason())
                        .startsWith("the same instance (p-same) as ")
                        .endsWith(", merged once"));
        assertThat(answer.tables().get(0).streamLength()).isEqualTo(5 + 7);
    }

    /** This instance, with sensor-1 counted 5 times, asking {@code peers}. */
    private static DeploymentHotKeys hotKeys(PeerAddress... peers) {
        HotKeyRegistry registry = new HotKeyRegistry(HotKeySettings.DEFAULTS, KeyExporter.plain());
        registry.record("iot", "readings", List.of("sensor-1"), 5);
        PeerDirectory directory = new PeerDirectory(null, List.of(peers), () -> -1, null);
        directory.refresh();
        PeerClient client = PeerServers.client(TIMEOUT, 16 << 20);
        return new DeploymentHotKeys(
                registry,
                new ReplicaHits(100),
                KeyExporter.plain(),
                true,
                new PeerFanout(InstanceId.random(), directory, client, 32));
    }

    /** An honest peer: sensor-1 counted 7 times in iot.readings. */
    private static PeerAddress honest(String instance) {
        return servers.serve(
                "/actuator/peer", 200, state(instance, "iot", "readings", 7, "\"sensor-1\":7"), Duration.ZERO);
    }

    private static String state(String instance, String keyspace, String table, long hits, String counts) {
        return "{\"instance\":\"" + instance + "\",\"clearLabels\":true,\"tables\":[{\"keyspace\":\"" + keyspace
                + "\",\"table\":\"" + table + "\",\"hits\":" + hits + ",\"maximumError\":0,\"counts\":{" + counts
                + "}}]}";
    }

    private static String reason(Contributors contributors, PeerAddress peer) {
        return contributors.missing().stream()
                .filter(m -> m.peer().equals(peer.toString()))
                .findFirst()
                .map(Contributors.Missing::reason)
                .orElse("(not missing)");
    }
}
