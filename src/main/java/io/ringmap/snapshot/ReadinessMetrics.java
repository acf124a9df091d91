package io.ringmap.snapshot;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.Optional;
import java.util.function.Supplier;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.health.actuate.endpoint.HealthDescriptor;
import org.springframework.boot.health.actuate.endpoint.HealthEndpoint;
import org.springframework.boot.health.contributor.Status;

/**
 * {@value #READY}: 1 while the readiness health group ({@code /readyz}, what Kubernetes asks before sending traffic)
 * is UP, 0 otherwise, so the dashboard and alerts see readiness without kube-state-metrics.
 */
public final class ReadinessMetrics implements MeterBinder {

    public static final String READY = "ringmap.ready";

    private final Supplier<Optional<Status>> readiness;

    /** @param readiness the readiness group's status; empty when there is no such group */
    public ReadinessMetrics(Supplier<Optional<Status>> readiness) {
        this.readiness = readiness;
    }

    /** Readiness as the actuator's health endpoint reports its {@code readiness} group. */
    public static ReadinessMetrics of(ObjectProvider<HealthEndpoint> health) {
        return new ReadinessMetrics(() -> Optional.ofNullable(health.getIfAvailable())
                .map(endpoint -> endpoint.healthForPath("readiness"))
                .map(HealthDescriptor::getStatus));
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauge.builder(
                        READY,
                        this,
                        m -> m.readiness.get().filter(Status.UP::equals).isPresent() ? 1.0 : 0.0)
                .description("1 while the readiness health group (/readyz) is UP, else 0")
                .register(registry);
    }
}
