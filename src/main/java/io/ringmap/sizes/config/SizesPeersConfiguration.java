package io.ringmap.sizes.config;

import io.ringmap.peers.InstanceId;
import io.ringmap.peers.config.PeersConfiguration;
import io.ringmap.peers.service.PeerFanout;
import io.ringmap.peers.web.PeerPart;
import io.ringmap.sizes.cluster.SizesCollector;
import io.ringmap.sizes.peers.DeploymentSizes;
import io.ringmap.sizes.peers.PeerSizes;
import io.ringmap.sizes.peers.SizesCodec;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

/**
 * The sizes rounds' side of the peer channel, with peers ({@code ringmap.peers.*}): the share of the rounds between
 * the live instances (the collector's, with a live cluster), and this instance's own share of its last round at
 * {@code /actuator/peer/sizes} (404 without a collector).
 */
@Configuration(proxyBeanMethods = false)
@Conditional(PeersConfiguration.PeersConfigured.class)
public class SizesPeersConfiguration {

    @Bean
    DeploymentSizes deploymentSizes(PeerFanout peers) {
        return new DeploymentSizes(peers);
    }

    @Bean
    PeerPart sizesPeerPart(InstanceId instance, ObjectProvider<SizesCollector> sizes, JsonMapper json) {
        SizesCodec codec = new SizesCodec(json);
        return new PeerPart(DeploymentSizes.PART, question -> {
            SizesCollector collector = sizes.getIfAvailable();
            return collector == null
                    ? null
                    : codec.encode(
                            new PeerSizes(instance.value(), collector.ownShare().orElse(null)));
        });
    }
}
