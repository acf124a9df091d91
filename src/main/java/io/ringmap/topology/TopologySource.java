package io.ringmap.topology;

import java.time.Duration;
import java.util.Optional;

/** Where a ring comes from: a static file or a live cluster. A source publishes into a {@link TopologyPublisher}. */
public interface TopologySource {

    /** A short description for responses and logs, e.g. {@code static:classpath:topology/default.yaml}. */
    String name();

    /** Re-reads the topology now and publishes it (a no-op publication when nothing changed). */
    void refresh();

    /**
     * How often the source refreshes on its own, or empty for a source that never has to (a static file, re-read for
     * edits but never overdue): alerts on an overdue refresh apply only where there is one to wait for.
     */
    default Optional<Duration> refreshInterval() {
        return Optional.empty();
    }
}
