package io.ringmap.replication;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The data centre options of a NetworkTopologyStrategy keyspace as Cassandra stores them after {@code CREATE
 * KEYSPACE}: mirrors {@code org.apache.cassandra.locator.NetworkTopologyStrategy.prepareOptions} of Cassandra 5.0.
 *
 * <ul>
 *   <li>no option at all: {@code replication_factor} is Cassandra's {@code default_keyspace_rf} (1 unless the
 *       cluster's cassandra.yaml says otherwise);</li>
 *   <li>{@code replication_factor} is removed and expands to every data centre of the ring that has no explicit
 *       factor (an explicit {@code dc: n} wins);</li>
 *   <li>data centres whose factor is exactly {@code "0"} are dropped.</li>
 * </ul>
 *
 * A live cluster's {@code system_schema.keyspaces} already holds the expanded map; a static topology file may not.
 */
public record NetworkTopologyOptions(Map<String, ReplicationFactor> datacenters, List<String> notes) {

    static final String REPLICATION_FACTOR = "replication_factor";

    /** Cassandra's {@code default_keyspace_rf} default. */
    static final String DEFAULT_KEYSPACE_RF = "1";

    public NetworkTopologyOptions {
        datacenters = java.util.Collections.unmodifiableMap(new TreeMap<>(datacenters));
        notes = List.copyOf(notes);
    }

    /** The replication map as {@code system_schema.keyspaces} would hold it after a {@code CREATE KEYSPACE}. */
    public Map<String, String> stored() {
        Map<String, String> out = new TreeMap<>();
        out.put("class", "org.apache.cassandra.locator.NetworkTopologyStrategy");
        datacenters.forEach((dc, rf) -> out.put(dc, rf.toParseableString()));
        return out;
    }

    /**
     * @param replication the replication map (its {@code class} entry is ignored)
     * @param ringDatacenters the data centres of the ring, the ones {@code replication_factor} expands to
     * @throws IllegalArgumentException when a factor cannot be read
     */
    public static NetworkTopologyOptions prepare(Map<String, String> replication, Collection<String> ringDatacenters) {
        Map<String, String> options = new TreeMap<>(replication);
        options.remove("class");
        List<String> notes = new ArrayList<>();
        if (options.isEmpty()) {
            options.put(REPLICATION_FACTOR, DEFAULT_KEYSPACE_RF);
            notes.add("no data centre and no replication_factor given: Cassandra's default_keyspace_rf ("
                    + DEFAULT_KEYSPACE_RF + " unless the cluster's cassandra.yaml says otherwise) applies to every "
                    + "data centre");
        }
        String expand = options.remove(REPLICATION_FACTOR);
        if (expand != null) {
            String rf = ReplicationFactor.parse(expand).toParseableString();
            List<String> expandedTo = new ArrayList<>();
            for (String dc : ringDatacenters) {
                if (options.putIfAbsent(dc, rf) == null) {
                    expandedTo.add(dc);
                }
            }
            notes.add("replication_factor " + rf + " expanded to every data centre without its own factor, as "
                    + "Cassandra does on CREATE KEYSPACE: " + expandedTo);
        }
        options.values().removeIf("0"::equals);
        Map<String, ReplicationFactor> dcs = new TreeMap<>();
        options.forEach((dc, rf) -> dcs.put(dc, ReplicationFactor.parse(rf)));
        return new NetworkTopologyOptions(dcs, notes);
    }
}
