package io.ringmap.topology;

import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder;
import io.ringmap.config.ClusterProperties;
import io.ringmap.config.TopologyProperties;
import java.time.Duration;
import org.springframework.boot.cassandra.autoconfigure.DriverConfigLoaderBuilderCustomizer;

/**
 * The driver settings the live topology source needs, applied on top of Spring Boot's {@code spring.cassandra.*}
 * mapping: complete and quickly updated metadata, and a connection to every node so each node's state is known.
 */
public class ClusterDriverSettings implements DriverConfigLoaderBuilderCustomizer {

    /** Short enough that a DDL or gossip change is in the driver's metadata well within ringmap's 10 s promise. */
    static final Duration DEBOUNCE_WINDOW = Duration.ofMillis(250);

    /**
     * How long a schema refresh waits for the nodes to agree before it reads the schema anyway (the driver's default
     * is 10 s). ringmap sends no DDL, so it gains nothing by waiting; a short wait keeps refreshes, and the time after
     * which {@link ClusterTopologySource} takes a refresh for stuck, short.
     */
    static final Duration SCHEMA_AGREEMENT_WAIT = Duration.ofSeconds(2);

    /** More than any real data centre has: every remote node gets a (one-connection) pool. */
    static final int REMOTE_NODES_PER_DC = 10_000;

    private final TopologyProperties topology;
    private final ClusterProperties cluster;

    public ClusterDriverSettings(TopologyProperties topology, ClusterProperties cluster) {
        this.topology = topology;
        this.cluster = cluster;
    }

    @Override
    public void customize(ProgrammaticDriverConfigLoaderBuilder builder) {
        builder
                // ringmap reads the token map and every keyspace's replication and tables from driver metadata
                .withBoolean(DefaultDriverOption.METADATA_TOKEN_MAP_ENABLED, true)
                .withBoolean(DefaultDriverOption.METADATA_SCHEMA_ENABLED, true)
                // the driver's default excludes system keyspaces; ringmap serves them too (LocalStrategy system)
                .withStringList(DefaultDriverOption.METADATA_SCHEMA_REFRESHED_KEYSPACES, topology.keyspaces())
                // the defaults (1 s windows, reset by every event) delay bursts of DDL or gossip events
                .withDuration(DefaultDriverOption.METADATA_SCHEMA_WINDOW, DEBOUNCE_WINDOW)
                .withDuration(DefaultDriverOption.METADATA_TOPOLOGY_WINDOW, DEBOUNCE_WINDOW)
                .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT, SCHEMA_AGREEMENT_WAIT)
                // a pool to every node of every DC: the driver only tracks UP/DOWN of nodes it connects to, and
                // leaves remote-DC nodes UNKNOWN until a gossip event otherwise; ringmap's only queries are
                // system.local reads, so local consistency levels may fail over to a remote DC as well
                .withInt(DefaultDriverOption.LOAD_BALANCING_DC_FAILOVER_MAX_NODES_PER_REMOTE_DC, REMOTE_NODES_PER_DC)
                .withBoolean(DefaultDriverOption.LOAD_BALANCING_DC_FAILOVER_ALLOW_FOR_LOCAL_CONSISTENCY_LEVELS, true)
                .withInt(DefaultDriverOption.CONNECTION_POOL_LOCAL_SIZE, 1)
                .withInt(DefaultDriverOption.CONNECTION_POOL_REMOTE_SIZE, 1)
                // a WARN per failed connection attempt, every few seconds while a node or the cluster is away: ringmap
                // names the reason itself, once per state change, and counts every failed attempt
                .withBoolean(DefaultDriverOption.CONNECTION_WARN_INIT_ERROR, false)
                // a node (or the whole cluster) that comes back is reconnected within this delay
                .withDuration(DefaultDriverOption.RECONNECTION_MAX_DELAY, cluster.reconnectMaxDelay())
                .withDuration(
                        DefaultDriverOption.RECONNECTION_BASE_DELAY,
                        min(Duration.ofSeconds(1), cluster.reconnectMaxDelay()));
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
