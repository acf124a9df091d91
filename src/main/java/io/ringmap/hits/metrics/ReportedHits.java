package io.ringmap.hits.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.Locale;

/**
 * Counts hits clients report through {@code POST /hits} per keyspace, table and operation
 * ({@value #REPORTED}{@code {operation="read|write|unspecified"}}). Tables come from the schema and operations from
 * a fixed set, so the cardinality is bounded by the schema. Hot keys themselves are tracked per table only.
 */
public final class ReportedHits implements MeterBinder {

    public static final String REPORTED = "ringmap.hits.reported";

    /** What a reported hit was; {@code UNSPECIFIED} when the client did not say. */
    public enum Operation {
        READ,
        WRITE,
        UNSPECIFIED;

        /** The tag value. */
        public String tag() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private volatile MeterRegistry registry;

    @Override
    public void bindTo(MeterRegistry registry) {
        this.registry = registry;
    }

    /** Adds {@code hits} reported hits of one operation; a no-op until bound to a registry. */
    public void record(String keyspace, String table, Operation operation, long hits) {
        MeterRegistry r = registry;
        if (r == null || hits == 0) {
            return;
        }
        Counter.builder(REPORTED)
                .tag("keyspace", keyspace)
                .tag("table", table)
                .tag("operation", operation.tag())
                .description("Hits reported by clients through POST /hits")
                .register(r)
                .increment(hits);
    }
}
