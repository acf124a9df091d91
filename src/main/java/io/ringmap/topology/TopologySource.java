package io.ringmap.topology;

/** Where a ring comes from: a static file or a live cluster. A source publishes into a {@link TopologyPublisher}. */
public interface TopologySource {

    /** A short description for responses and logs, e.g. {@code static:classpath:topology/default.yaml}. */
    String name();

    /** Re-reads the topology now and publishes it (a no-op publication when nothing changed). */
    void refresh();
}
