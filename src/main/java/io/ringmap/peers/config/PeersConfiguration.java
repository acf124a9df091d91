package io.ringmap.peers.config;

import io.ringmap.heatmap.HeatmapRegistry;
import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.ReplicaHits;
import io.ringmap.hotkeys.config.HotKeysProperties;
import io.ringmap.peers.InstanceId;
import io.ringmap.peers.PeerAddress;
import io.ringmap.peers.service.DeploymentHotKeys;
import io.ringmap.peers.service.DeploymentHeatmap;
import io.ringmap.peers.service.DeploymentSizes;
import io.ringmap.peers.service.PeerFanout;
import io.ringmap.sizes.cluster.SizesCollector;
import org.springframework.beans.factory.ObjectProvider;
import io.ringmap.peers.client.PeerClient;
import io.ringmap.peers.client.PeerDirectory;
import io.ringmap.peers.client.PeerTrust;
import io.ringmap.peers.PeerSigner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ssl.SslBundle;
import org.springframework.boot.ssl.SslBundles;
import io.ringmap.peers.web.PeerEndpoint;
import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.snapshot.SnapshotHolder;
import java.time.Clock;
import javax.net.ssl.SSLContext;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * Wires the peers of a deployment ({@code ringmap.peers.dns} or {@code ringmap.peers.static}): the peer set,
 * resolved again every refresh interval by one daemon thread, the client that asks the peers, the merged hot keys
 * {@code GET /hotkeys} answers with, the share of the sizes rounds, and the management endpoint the peers ask. Without either property none of this
 * exists and every instance answers for itself.
 */
@Configuration(proxyBeanMethods = false)
@Conditional(PeersConfiguration.PeersConfigured.class)
@EnableConfigurationProperties(PeersProperties.class)
public class PeersConfiguration {

    private static final Logger log = LoggerFactory.getLogger(PeersConfiguration.class);

    @Bean(destroyMethod = "shutdownNow")
    ScheduledExecutorService peerRefresh() {
        return Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "ringmap-peers");
            thread.setDaemon(true);
            return thread;
        });
    }

    @Bean
    PeerDirectory peerDirectory(PeersProperties properties, Environment environment,
            ScheduledExecutorService peerRefresh) {
        PeerAddress dns = properties.dns() == null || properties.dns().isBlank() ? null
                : PeerAddress.parse(properties.dns());
        // the management server's address, or the server's when management shares its port
        String bound = environment.getProperty("management.server.port") != null
                ? environment.getProperty("management.server.address") : environment.getProperty("server.address");
        PeerDirectory directory = new PeerDirectory(dns, properties.staticPeers(), () -> ownPort(environment), bound);
        directory.refresh();
        long every = properties.refreshInterval().toMillis();
        peerRefresh.scheduleWithFixedDelay(directory::refresh, every, every, TimeUnit.MILLISECONDS);
        return directory;
    }

    /**
     * The management port: the running one, else (the first refresh runs before the server starts) the configured
     * one, else the server's.
     */
    private static int ownPort(Environment environment) {
        Integer running = environment.getProperty("local.management.port", Integer.class);
        Integer configured = environment.getProperty("management.server.port", Integer.class);
        if (running != null) {
            return running;
        }
        if (configured != null && configured > 0) {
            return configured;
        }
        return environment.getProperty("local.server.port", Integer.class, -1);
    }

    @Bean
    PeerSigner peerSigner(PeersProperties properties, InstanceId instance, Clock clock) {
        return new PeerSigner(properties.secret(), instance, properties.maxClockSkew(), clock);
    }

    @Bean
    PeerClient peerClient(PeersProperties properties, PeerSigner signer, ObjectProvider<SslBundles> bundles) {
        PeersProperties.Tls tls = properties.tls();
        SSLContext context = null;
        if (tls.enabled()) {
            SslBundle bundle = bundles.getObject().getBundle(tls.bundle());
            context = tls.serverName() == null || tls.serverName().isBlank() ? bundle.createSslContext()
                    : PeerTrust.context(bundle.getProtocol(), bundle.getManagers().getKeyManagers(),
                            bundle.getManagers().getTrustManagers(), tls.serverName().strip());
        }
        log.info("peers are asked over {}{}", context == null ? "plain http (ringmap.peers.allow-plain-http)"
                : "https with SSL bundle " + tls.bundle(), context == null || tls.serverName() == null ? ""
                        : ", certificates naming " + tls.serverName());
        return new PeerClient(properties.timeout(), properties.maxAnswerSize(), signer, context);
    }

    @Bean
    InstanceId peerInstanceId() {
        return InstanceId.random();
    }

    @Bean
    PeerFanout peerFanout(InstanceId instance, PeerDirectory directory, PeerClient client,
            PeersProperties properties) {
        return new PeerFanout(instance, directory, client, properties.maxPeers());
    }

    @Bean
    @ConditionalOnBooleanProperty(name = "ringmap.hotkeys.enabled", matchIfMissing = true)
    DeploymentHotKeys deploymentHotKeys(HotKeyRegistry registry, ReplicaHits replicas, HotKeysProperties hotKeys,
            PeerFanout peers) {
        return new DeploymentHotKeys(registry, replicas, hotKeys.exporter(), hotKeys.clearKeysShown(), peers);
    }

    /** The sizes rounds shared between the live instances (used by the collector, with a live cluster). */
    @Bean
    DeploymentSizes deploymentSizes(PeerFanout peers) {
        return new DeploymentSizes(peers);
    }

    /** The heatmaps summed over the deployment ({@code GET /heatmap}). */
    @Bean
    @ConditionalOnBooleanProperty(name = "ringmap.heatmap.enabled", matchIfMissing = true)
    DeploymentHeatmap deploymentHeatmap(HeatmapRegistry registry, ObjectProvider<DeploymentHotKeys> hotKeys,
            SnapshotHolder snapshots, PeerFanout peers) {
        return new DeploymentHeatmap(registry, hotKeys.getIfAvailable(),
                () -> snapshots.peek().map(ServedSnapshot::contentHash).orElse(null), peers);
    }

    @Bean
    PeerEndpoint peerEndpoint(InstanceId instance, ObjectProvider<DeploymentHotKeys> hotKeys,
            ObjectProvider<SizesCollector> sizes, ObjectProvider<DeploymentHeatmap> heatmap) {
        SizesCollector collector = sizes.getIfAvailable();
        return new PeerEndpoint(instance, hotKeys.getIfAvailable(), collector == null ? null : collector::ownShare,
                heatmap.getIfAvailable());
    }

    /** {@code ringmap.peers.dns} or {@code ringmap.peers.static} is set. */
    static final class PeersConfigured extends AnyNestedCondition {

        PeersConfigured() {
            super(ConfigurationPhase.REGISTER_BEAN);
        }

        @ConditionalOnProperty("ringmap.peers.dns")
        static final class Dns {
        }

        @ConditionalOnProperty("ringmap.peers.static")
        static final class Static {
        }
    }
}
