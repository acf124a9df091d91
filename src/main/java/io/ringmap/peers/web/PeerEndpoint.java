package io.ringmap.peers.web;

import io.ringmap.peers.PeerState;
import io.ringmap.peers.service.DeploymentHotKeys;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

/**
 * {@code GET /actuator/peer} on the management port: this instance's hot-key sketches and replica hits for its peers. It carries key
 * material (hashed, or clear when clear keys are shown), so it needs the management scope like every management
 * endpoint but health, info and prometheus.
 */
@Endpoint(id = "peer")
public class PeerEndpoint {

    private final DeploymentHotKeys hotKeys;

    public PeerEndpoint(DeploymentHotKeys hotKeys) {
        this.hotKeys = hotKeys;
    }

    /**
     * The replica hits, and the sketches of every tracked table, of one table when keyspace and table are given, or
     * of none with replicasOnly.
     */
    @ReadOperation
    public PeerState state(@Nullable String keyspace, @Nullable String table, @Nullable Boolean replicasOnly) {
        return hotKeys.localState(keyspace, table, Boolean.TRUE.equals(replicasOnly));
    }
}
