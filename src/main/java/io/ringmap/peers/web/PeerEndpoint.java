package io.ringmap.peers.web;

import io.ringmap.peers.InstanceId;
import io.ringmap.peers.PeerSizes;
import io.ringmap.peers.PeerState;
import io.ringmap.peers.service.DeploymentHeatmap;
import io.ringmap.peers.service.DeploymentHotKeys;
import io.ringmap.peers.service.SizesCodec;
import io.ringmap.sizes.SizesSnapshot;
import java.util.Optional;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;

/**
 * {@code GET /actuator/peer} on the management port: this instance's hot-key sketches and replica hits for its peers,
 * at {@code /actuator/peer/sizes} its own share of its last sizes round, and at
 * {@code /actuator/peer/heatmap?keyspace=&table=} its heatmap of a table (with {@code keys=true} also its hot-key
 * sketch of the table). It carries key material (hashed, or clear when clear keys are shown), so it answers only
 * requests signed with the deployment's peer secret ({@link PeerAuthenticationFilter}), whatever a caller's scopes. A
 * part this instance does not have (hot keys, sizes or the heatmap switched off) answers 404.
 */
@Endpoint(id = "peer")
public class PeerEndpoint {

    private final InstanceId instance;
    private final DeploymentHotKeys hotKeys;
    private final Supplier<Optional<SizesSnapshot>> sizes;
    private final DeploymentHeatmap heatmap;

    /**
     * @param hotKeys the hot keys, null when hot-key tracking is off
     * @param sizes   this instance's own share of its last sizes round, null without sizes collection
     * @param heatmap the heatmaps, null when the heatmap is off
     */
    public PeerEndpoint(InstanceId instance, @Nullable DeploymentHotKeys hotKeys,
            @Nullable Supplier<Optional<SizesSnapshot>> sizes, @Nullable DeploymentHeatmap heatmap) {
        this.instance = instance;
        this.hotKeys = hotKeys;
        this.sizes = sizes;
        this.heatmap = heatmap;
    }

    /**
     * The replica hits, and the sketches of every tracked table, of one table when keyspace and table are given, or
     * of none with replicasOnly.
     */
    @ReadOperation
    public @Nullable PeerState state(@Nullable String keyspace, @Nullable String table, @Nullable Boolean replicasOnly) {
        return hotKeys == null ? null : hotKeys.localState(keyspace, table, Boolean.TRUE.equals(replicasOnly));
    }

    /**
     * {@code sizes}: the reports of the nodes this instance collected in its last round (none before its first);
     * {@code heatmap}: its counts of the table keyspace and table name (none before its first hit of it), with
     * {@code keys} also its hot-key sketch of the table.
     */
    @ReadOperation
    public @Nullable Object part(@Selector String part, @Nullable String keyspace, @Nullable String table,
            @Nullable Boolean keys) {
        if ("sizes".equals(part) && sizes != null) {
            return SizesCodec.encode(new PeerSizes(instance.value(), sizes.get().orElse(null)));
        }
        if ("heatmap".equals(part) && heatmap != null && keyspace != null && table != null) {
            return heatmap.localHeatmap(keyspace, table, Boolean.TRUE.equals(keys));
        }
        return null;
    }
}
