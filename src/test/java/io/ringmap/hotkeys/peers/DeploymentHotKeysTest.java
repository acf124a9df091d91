package io.ringmap.hotkeys.peers;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.HotKeySource;
import io.ringmap.hotkeys.KeyExporter;
import io.ringmap.hotkeys.ReplicaHits;
import io.ringmap.hotkeys.config.HotKeysProperties;
import io.ringmap.peers.Contributors;
import io.ringmap.peers.InstanceId;
import io.ringmap.peers.PeerAddress;
import io.ringmap.peers.client.PeerClient;
import io.ringmap.peers.client.PeerDirectory;
import io.ringmap.peers.client.PeerServers;
import io.ringmap.peers.service.PeerFanout;
import io.ringmap.ring.TableName;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The whole merged answer (fan-out and merge) within the stated timeout, against real HTTP peers. */
class DeploymentHotKeysTest {

    private static final Duration TIMEOUT = Duration.ofMillis(400);

    @RegisterExtension
    static final PeerServers servers = new PeerServers();

    @Test
    void aSlowPeerCannotDelayTheMergedAnswerPastTheTimeoutAndIsNamed() {
        // given this instance with one hit, a peer that answers at once and one that answers after 5 s
        PeerAddress fast = peer("p-fast", 0);
        PeerAddress slow = peer("p-slow", 5_000);
        HotKeyRegistry registry = new HotKeyRegistry(
                new HotKeysProperties(
                                true,
                                20,
                                HotKeysProperties.ExportKey.PLAIN,
                                null,
                                1000,
                                Duration.ofMinutes(5),
                                Duration.ofSeconds(1),
                                1024,
                                false)
                        .settings(),
                KeyExporter.plain());
        registry.record("iot", "readings", List.of("sensor-1"), 5);
        PeerDirectory directory = new PeerDirectory(null, List.of(fast, slow), () -> -1, null);
        directory.refresh();
        PeerClient client = PeerServers.client(TIMEOUT, 1 << 20);
        DeploymentHotKeys hotKeys = new DeploymentHotKeys(
                registry,
                new ReplicaHits(100),
                KeyExporter.plain(),
                true,
                new PeerFanout(InstanceId.random(), directory, client, 32));

        // the first answer a JVM decodes loads and introspects the answer's classes, seconds on a loaded machine,
        // which a test of timeouts must not measure (as PeerServers.warmUp for the client)
        hotKeys.hotKeys(new TableName("iot", "readings"), 10);

        // when
        long start = System.nanoTime();
        HotKeySource.Gathered answer = hotKeys.hotKeys(new TableName("iot", "readings"), 10);
        long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

        // then the fast peer's counts are merged, the slow one is named, and the answer came with the timeout
        assertThat(answer.tables()).hasSize(1);
        assertThat(answer.tables().get(0).streamLength()).isEqualTo(5 + 7);
        assertThat(answer.tables().get(0).keys().get(0).lowerBound()).isEqualTo(5 + 7);
        assertThat(answer.contributors().contributed()).containsExactly(fast.toString());
        assertThat(answer.contributors().missing())
                .containsExactly(new Contributors.Missing(slow.toString(), "no answer within 400 ms"));
        assertThat(tookMillis)
                .as("answer time")
                .isLessThan(TIMEOUT.toMillis() + 1000); // the timeout, plus scheduling on a loaded machine
        System.out.printf("merged answer with a 5 s peer: %d ms (timeout %d ms)%n", tookMillis, TIMEOUT.toMillis());
    }

    /** A real HTTP peer that answers its state (sensor-1 counted 7 times) after {@code delayMillis}. */
    private PeerAddress peer(String instance, long delayMillis) {
        return servers.serve(
                "/actuator/peer",
                200,
                "{\"instance\":\"" + instance + "\",\"clearLabels\":true,"
                        + "\"tables\":[{\"keyspace\":\"iot\",\"table\":\"readings\",\"hits\":7,\"maximumError\":0,"
                        + "\"counts\":{\"sensor-1\":7}}]}",
                Duration.ofMillis(delayMillis));
    }
}
