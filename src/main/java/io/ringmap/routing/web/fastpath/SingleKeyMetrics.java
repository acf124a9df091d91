package io.ringmap.routing.web.fastpath;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.ringmap.routing.web.fastpath.SingleKeyFilter.Fallback;
import java.util.EnumMap;
import java.util.Map;

/**
 * The single-key filter's counters: {@value SingleKeyFilter#ANSWERED} and {@value SingleKeyFilter#FALLBACKS} by
 * reason. A bean only while the filter is on, so a switched-off filter has no meters; until bound (or without the
 * bean) it counts nothing.
 */
final class SingleKeyMetrics implements MeterBinder {

    private volatile Counter answered;
    private volatile Map<Fallback, Counter> fallbacks = Map.of();

    @Override
    public void bindTo(MeterRegistry registry) {
        Map<Fallback, Counter> byReason = new EnumMap<>(Fallback.class);
        for (Fallback reason : Fallback.values()) {
            byReason.put(
                    reason,
                    Counter.builder(SingleKeyFilter.FALLBACKS)
                            .tag("reason", reason.tag())
                            .description("GET /replicas the single-key filter left to Spring MVC, by reason")
                            .register(registry));
        }
        fallbacks = byReason;
        answered = Counter.builder(SingleKeyFilter.ANSWERED)
                .description("GET /replicas answered by the single-key filter ahead of Spring MVC (304s included)")
                .register(registry);
    }

    void answered() {
        Counter counter = answered;
        if (counter != null) {
            counter.increment();
        }
    }

    void fellBack(Fallback reason) {
        Counter counter = fallbacks.get(reason);
        if (counter != null) {
            counter.increment();
        }
    }
}
