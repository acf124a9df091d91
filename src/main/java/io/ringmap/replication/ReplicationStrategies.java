package io.ringmap.replication;

import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;

/** Reads a replication map exactly as {@code system_schema.keyspaces.replication} holds it into a strategy. */
public final class ReplicationStrategies {

    private ReplicationStrategies() {}

    /**
     * The strategy for a replication map such as {@code {class: SimpleStrategy, replication_factor: '3'}} or
     * {@code {class: org.apache.cassandra.locator.NetworkTopologyStrategy, dc1: '3/1', dc2: '2'}}.
     *
     * @param localNode the node index that serves requests, for LocalStrategy keyspaces
     * @param ringDatacenters the ring's data centres, which a NetworkTopologyStrategy {@code replication_factor}
     *     expands to (see {@link NetworkTopologyOptions})
     * @throws UnsupportedReplicationException for an unknown strategy class or unreadable options
     */
    public static ReplicationStrategy of(
            Map<String, String> replication, int localNode, Collection<String> ringDatacenters) {
        String className = replication.get("class");
        if (className == null || className.isBlank()) {
            throw new UnsupportedReplicationException(
                    "replication map " + new TreeMap<>(replication) + " has no 'class'");
        }
        String simpleName = className.substring(className.lastIndexOf('.') + 1);
        try {
            return switch (simpleName) {
                case "SimpleStrategy" -> new SimpleStrategy(rf(replication, "replication_factor"));
                case "NetworkTopologyStrategy" -> {
                    NetworkTopologyOptions options = NetworkTopologyOptions.prepare(replication, ringDatacenters);
                    yield new NetworkTopologyStrategy(options.datacenters(), options.notes());
                }
                case "LocalStrategy" -> new LocalStrategy(localNode);
                case "EverywhereStrategy" -> new EverywhereStrategy();
                default ->
                    throw new UnsupportedReplicationException("replication strategy '" + className
                            + "' is not supported; supported: SimpleStrategy, NetworkTopologyStrategy, LocalStrategy, "
                            + "EverywhereStrategy");
            };
        } catch (UnsupportedReplicationException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new UnsupportedReplicationException(
                    "replication map " + new TreeMap<>(replication) + " cannot be read: " + e.getMessage());
        }
    }

    private static ReplicationFactor rf(Map<String, String> replication, String key) {
        String value = replication.get(key);
        if (value == null) {
            throw new UnsupportedReplicationException(
                    "replication map " + new TreeMap<>(replication) + " has no '" + key + "'");
        }
        return ReplicationFactor.parse(value);
    }
}
