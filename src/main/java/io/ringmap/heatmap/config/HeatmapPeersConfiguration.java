package io.ringmap.heatmap.config;

import io.ringmap.heatmap.HeatmapRegistry;
import io.ringmap.heatmap.peers.DeploymentHeatmap;
import io.ringmap.hotkeys.peers.DeploymentHotKeys;
import io.ringmap.peers.config.PeersConfiguration;
import io.ringmap.peers.service.PeerFanout;
import io.ringmap.peers.web.PeerPart;
import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.snapshot.SnapshotHolder;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

/**
 * The heatmap's side of the peer channel, with peers ({@code ringmap.peers.*}) and the heatmap on: a table's heatmap
 * summed over the deployment ({@code GET /heatmap}), and this instance's counts at {@code /actuator/peer/heatmap}.
 */
@Configuration(proxyBeanMethods = false)
@Conditional(PeersConfiguration.PeersConfigured.class)
@ConditionalOnBooleanProperty(name = "ringmap.heatmap.enabled", matchIfMissing = true)
public class HeatmapPeersConfiguration {

    @Bean
    DeploymentHeatmap deploymentHeatmap(
            HeatmapRegistry registry,
            ObjectProvider<DeploymentHotKeys> hotKeys,
            SnapshotHolder snapshots,
            PeerFanout peers) {
        return new DeploymentHeatmap(
                registry,
                hotKeys.getIfAvailable(),
                () -> snapshots.peek().map(ServedSnapshot::contentHash).orElse(null),
                peers);
    }

    @Bean
    PeerPart heatmapPeerPart(DeploymentHeatmap heatmap, JsonMapper json) {
        return new PeerPart(
                DeploymentHeatmap.PART,
                question -> question.namesTable()
                        ? json.valueToTree(heatmap.localHeatmap(question.keyspace(), question.table(), question.keys()))
                        : null);
    }
}
