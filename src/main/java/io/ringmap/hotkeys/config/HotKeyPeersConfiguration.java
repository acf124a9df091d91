package io.ringmap.hotkeys.config;

import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.ReplicaHits;
import io.ringmap.hotkeys.peers.DeploymentHotKeys;
import io.ringmap.peers.config.PeersConfiguration;
import io.ringmap.peers.service.PeerFanout;
import io.ringmap.peers.web.PeerPart;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

/**
 * The hot keys' side of the peer channel, with peers ({@code ringmap.peers.*}) and hot-key tracking on: the merged hot
 * keys and replica hits {@code GET /hotkeys} answers with, and this instance's sketches at {@code /actuator/peer}.
 */
@Configuration(proxyBeanMethods = false)
@Conditional(PeersConfiguration.PeersConfigured.class)
@ConditionalOnBooleanProperty(name = "ringmap.hotkeys.enabled", matchIfMissing = true)
public class HotKeyPeersConfiguration {

    @Bean
    DeploymentHotKeys deploymentHotKeys(
            HotKeyRegistry registry, ReplicaHits replicas, HotKeysProperties hotKeys, PeerFanout peers) {
        return new DeploymentHotKeys(registry, replicas, hotKeys.exporter(), hotKeys.clearKeysShown(), peers);
    }

    @Bean
    PeerPart hotKeysPeerPart(DeploymentHotKeys hotKeys, JsonMapper json) {
        return new PeerPart(
                PeerPart.ROOT,
                question -> json.valueToTree(
                        hotKeys.localState(question.keyspace(), question.table(), question.replicasOnly())));
    }
}
