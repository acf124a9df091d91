package io.ringmap.restart.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringmap.restart.NodeView;
import io.ringmap.ring.Node;
import io.ringmap.ring.NodeState;
import io.ringmap.testsupport.MovingClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** However many callers ask, a node's view is read once per second, and a caller waits for a read in flight. */
class SharedNodeViewsTest {

    static final Node N1 = new Node("N1", "127.0.0.1", "dc1", "rack1", NodeState.UP);
    static final Node N2 = new Node("N2", "127.0.0.2", "dc1", "rack1", NodeState.UP);
    static final Node N3 = new Node("N3", "127.0.0.3", "dc1", "rack1", NodeState.UP);

    final MovingClock clock = new MovingClock(Instant.parse("2026-12-05T23:00:00Z"));
    final ConcurrentLinkedQueue<String> asked = new ConcurrentLinkedQueue<>();

    NodeViews counting(CountDownLatch reading, CountDownLatch release) {
        return nodes -> {
            nodes.forEach(n -> asked.add(n.address()));
            reading.countDown();
            try {
                assertThat(release.await(10, TimeUnit.SECONDS)).isTrue();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            return nodes.stream()
                    .map(n -> new NodeView(n.address(), clock.instant(), "test", Map.of(), null))
                    .toList();
        };
    }

    @Test
    void aViewIsReadAgainOnlyOnceItIsOlderThanMaxAge() {
        CountDownLatch open = new CountDownLatch(0);
        SharedNodeViews views =
                new SharedNodeViews(counting(new CountDownLatch(1), open), Duration.ofSeconds(1), clock);

        List<NodeView> first = views.read(List.of(N1, N2));
        clock.advance(Duration.ofMillis(1000));
        List<NodeView> again = views.read(List.of(N2, N1, N3));

        assertThat(asked).containsExactly("127.0.0.1", "127.0.0.2", "127.0.0.3");
        assertThat(again).extracting(NodeView::node).containsExactly("127.0.0.2", "127.0.0.1", "127.0.0.3");
        assertThat(again.get(1)).isSameAs(first.get(0));
        assertThat(again.get(2).readAt()).isEqualTo(clock.instant());

        clock.advance(Duration.ofMillis(1001));
        views.read(List.of(N1));
        assertThat(asked).containsExactly("127.0.0.1", "127.0.0.2", "127.0.0.3", "127.0.0.1");
    }

    @Test
    void aCallerAskingWhileAViewIsReadWaitsForThatRead() throws Exception {
        CountDownLatch reading = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        SharedNodeViews views = new SharedNodeViews(counting(reading, release), Duration.ofSeconds(1), clock);

        ExecutorService callers = Executors.newFixedThreadPool(2);
        try {
            Future<List<NodeView>> first = callers.submit(() -> views.read(List.of(N1, N2)));
            assertThat(reading.await(10, TimeUnit.SECONDS)).isTrue();
            Future<List<NodeView>> second = callers.submit(() -> views.read(List.of(N1, N2)));
            Thread.sleep(200);
            assertThat(second).isNotDone();
            release.countDown();

            assertThat(second.get(10, TimeUnit.SECONDS)).isEqualTo(first.get(10, TimeUnit.SECONDS));
            assertThat(asked).containsExactly("127.0.0.1", "127.0.0.2");
        } finally {
            callers.shutdownNow();
        }
    }

    @Test
    void aFailedReadIsNotKept() {
        NodeViews failing = nodes -> {
            asked.add("failed");
            throw new IllegalStateException("no session");
        };
        SharedNodeViews views = new SharedNodeViews(failing, Duration.ofSeconds(1), clock);

        for (int i = 0; i < 2; i++) {
            assertThatThrownBy(() -> views.read(List.of(N1))).hasMessage("no session");
        }
        assertThat(asked).containsExactly("failed", "failed");
    }
}
