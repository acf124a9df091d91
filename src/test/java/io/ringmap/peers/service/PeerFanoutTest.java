package io.ringmap.peers.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.hotkeys.peers.PeerState;
import io.ringmap.peers.Contributors;
import io.ringmap.peers.InstanceId;
import io.ringmap.peers.PeerAddress;
import io.ringmap.peers.client.PeerClient;
import io.ringmap.peers.client.PeerDirectory;
import io.ringmap.peers.client.PeerServers;
import io.ringmap.peers.web.PeerPart;
import io.ringmap.testsupport.Ports;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * Deployment answers to callers are bounded in number: with {@link PeerFanout#MAX_CALLER_FAN_OUTS} of them waiting
 * for their peers, one more answers at once with this instance's own part and names the peer not asked; the sizes
 * round's fan-out is not counted; once they finish, the peers are asked again.
 */
class PeerFanoutTest {

    @Test
    void anAnswerBeyondTheBoundIsThisInstancesOwnAndNamesEveryPeerNotAsked() throws Exception {
        PeerAddress peer = new PeerAddress("127.0.0.1", Ports.free()); // nobody listens
        PeerDirectory directory = new PeerDirectory(null, List.of(peer), () -> -1, null);
        directory.refresh();
        PeerClient client = PeerServers.client(Duration.ofSeconds(5), 1 << 20);
        PeerFanout fanout = new PeerFanout(InstanceId.random(), directory, client, 32);

        CountDownLatch waiting = new CountDownLatch(PeerFanout.MAX_CALLER_FAN_OUTS);
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService callers = Executors.newFixedThreadPool(PeerFanout.MAX_CALLER_FAN_OUTS);
        List<Future<Contributors>> held = new ArrayList<>();
        try {
            for (int i = 0; i < PeerFanout.MAX_CALLER_FAN_OUTS; i++) {
                held.add(callers.submit(() -> ask(fanout, client, true, () -> {
                    waiting.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                })));
            }
            assertThat(waiting.await(30, TimeUnit.SECONDS)).isTrue();

            AtomicBoolean localRan = new AtomicBoolean();
            Contributors beyond = ask(fanout, client, true, () -> localRan.set(true));
            assertThat(localRan).isTrue();
            assertThat(beyond.scope()).isEqualTo("deployment");
            assertThat(beyond.contributed()).isEmpty();
            assertThat(beyond.missing()).singleElement().satisfies(m -> {
                assertThat(m.peer()).isEqualTo(peer.toString());
                assertThat(m.reason()).startsWith("not asked: " + PeerFanout.MAX_CALLER_FAN_OUTS + " answers");
            });

            // the sizes round asks its peers whatever the callers do
            Contributors round = ask(fanout, client, false, () -> {});
            assertThat(round.missing())
                    .singleElement()
                    .satisfies(m -> assertThat(m.reason()).doesNotStartWith("not asked"));
        } finally {
            release.countDown();
            callers.shutdown();
        }
        for (Future<Contributors> answer : held) {
            assertThat(answer.get(30, TimeUnit.SECONDS).missing())
                    .singleElement()
                    .satisfies(m -> assertThat(m.reason()).doesNotStartWith("not asked"));
        }
        assertThat(ask(fanout, client, true, () -> {}).missing())
                .singleElement()
                .satisfies(m -> assertThat(m.reason()).doesNotStartWith("not asked"));
    }

    private static Contributors ask(PeerFanout fanout, PeerClient client, boolean caller, Runnable local) {
        String target = PeerClient.target(PeerPart.ROOT, "replicasOnly", "true");
        return caller
                ? fanout.gatherForCaller(
                        target,
                        PeerServers.states(),
                        PeerState::instance,
                        client.deadlineFromNow(),
                        local,
                        (peer, state) -> {})
                : fanout.gather(
                        target,
                        PeerServers.states(),
                        PeerState::instance,
                        client.deadlineFromNow(),
                        local,
                        (peer, state) -> {});
    }
}
