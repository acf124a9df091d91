package io.ringmap.topology;

/** How to reach a Cassandra node's JMX (e.g. {@code ringmap.sizes.jmx}). */
public interface JmxSettings {

    /** The JMX host for the node at {@code address}. */
    String hostFor(String address);

    /** The JMX port for the node at {@code address}. */
    int portFor(String address);

    /** The JMX user, null or empty for none. */
    String username();

    String password();

    /** Whether to connect with TLS (RMI over SSL, the JVM's default trust store). */
    boolean ssl();
}
