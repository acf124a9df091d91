package io.ringmap.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.ringmap.topology.StaticTopologyParser;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.slf4j.LoggerFactory;

@Isolated("attaches an appender to a shared logger")
class ClusterTagTest {

    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();
    private final Logger logger = (Logger) LoggerFactory.getLogger(ClusterTag.class);
    private final SnapshotHolder snapshots = new SnapshotHolder(Clock.systemUTC());

    @BeforeEach
    void capture() {
        lines.start();
        logger.addAppender(lines);
    }

    @AfterEach
    void release() {
        logger.detachAppender(lines);
    }

    @Test
    void everyMeterCarriesTheValueAndAMetersOwnClusterTagIsKept() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        registry.config().meterFilter(new ClusterTag("orders", true));

        Counter plain = registry.counter("ringmap.test", "keyspace", "ks");
        Counter own = registry.counter("ringmap.other", "cluster", "explicit");

        assertThat(plain.getId().getTag("cluster")).isEqualTo("orders");
        assertThat(plain.getId().getTag("keyspace")).isEqualTo("ks");
        assertThat(own.getId().getTag("cluster")).isEqualTo("explicit");
    }

    @Test
    void theValueIsResolvedOnceWhenTheFirstMeterRegisters() {
        AtomicInteger resolved = new AtomicInteger();
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        registry.config()
                .meterFilter(new ClusterTag(
                        () -> {
                            resolved.incrementAndGet();
                            return "from-the-file";
                        },
                        false));
        assertThat(resolved).hasValue(0);

        Counter first = registry.counter("ringmap.first");
        Counter second = registry.counter("ringmap.second");

        assertThat(resolved).hasValue(1);
        assertThat(List.of(first, second)).map(c -> c.getId().getTag("cluster")).containsOnly("from-the-file");
    }

    @Test
    void aServedClusterOfAnotherNameLeavesTheTagAndWarnsOncePerName() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        ClusterTag tag = new ClusterTag(ClusterTag.UNKNOWN, false);
        registry.config().meterFilter(tag);
        snapshots.onPublish(tag::served);
        Counter before = registry.counter("ringmap.before");

        // when the live cluster turns out to be "Test Cluster", twice, then "orders"
        publish("Test Cluster", "-100");
        publish("Test Cluster", "-200");
        Counter after = registry.counter("ringmap.after");
        publish("orders", "-300");

        // then the meters, old and new, keep the value fixed at start-up; each new name is named once
        assertThat(List.of(before, after))
                .map(Meter::getId)
                .allSatisfy(id -> assertThat(id.getTag("cluster")).isEqualTo("unknown"));
        assertThat(messages()).hasSize(2);
        assertThat(messages().get(0))
                .contains("cluster \"Test Cluster\"")
                .contains("cluster=\"unknown\"")
                .contains("ringmap.metrics.cluster=Test Cluster");
        assertThat(messages().get(1)).contains("cluster \"orders\"").contains("ringmap.metrics.cluster=orders");
    }

    @Test
    void theServedNameOrAConfiguredValueIsNoCauseForAWarning() {
        ClusterTag derived = new ClusterTag("orders", false);
        ClusterTag configured = new ClusterTag("prod-eu", true);
        snapshots.onPublish(derived::served);
        snapshots.onPublish(configured::served);

        publish("orders", "-100");

        assertThat(messages()).isEmpty();
    }

    private void publish(String cluster, String token) {
        snapshots.publish(StaticTopologyParser.parse("""
                cluster: %s
                partitioner: Murmur3Partitioner
                nodes:
                  - {address: 127.0.0.1, datacenter: dc1, rack: r1, tokens: ["%s"]}
                """.formatted(cluster, token), "test"), "static:test");
    }

    private List<String> messages() {
        return lines.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
    }
}
