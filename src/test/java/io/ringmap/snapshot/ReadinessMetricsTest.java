package io.ringmap.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.boot.health.actuate.endpoint.HealthEndpoint;
import org.springframework.boot.health.contributor.Status;

class ReadinessMetricsTest {

    @Test
    void isOneOnlyWhileTheReadinessGroupIsUp() {
        AtomicReference<Optional<Status>> status = new AtomicReference<>(Optional.of(Status.OUT_OF_SERVICE));
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        new ReadinessMetrics(status::get).bindTo(registry);
        var ready = registry.get(ReadinessMetrics.READY).gauge();

        assertThat(ready.value()).isZero(); // no ring snapshot yet
        status.set(Optional.of(Status.UP));
        assertThat(ready.value()).isEqualTo(1.0);
        status.set(Optional.of(Status.DOWN));
        assertThat(ready.value()).isZero();
        status.set(Optional.empty()); // no readiness group
        assertThat(ready.value()).isZero();
    }

    @Test
    void isZeroWithoutAHealthEndpoint() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        ReadinessMetrics.of(new StaticListableBeanFactory().getBeanProvider(HealthEndpoint.class))
                .bindTo(registry);

        assertThat(registry.get(ReadinessMetrics.READY).gauge().value()).isZero();
    }
}
