package io.ringmap.peers.config;

import io.ringmap.peers.InstanceId;
import io.ringmap.peers.PeerAddress;
import io.ringmap.peers.PeerSigner;
import io.ringmap.peers.client.PeerClient;
import io.ringmap.peers.client.PeerDirectory;
import io.ringmap.peers.client.PeerTrust;
import io.ringmap.peers.service.PeerFanout;
import io.ringmap.peers.web.PeerEndpoint;
import io.ringmap.peers.web.PeerPart;
import java.time.Clock;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.ssl.SslBundle;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * Wires the peer channel of a deployment ({@code ringmap.peers.dns} or {@code ringmap.peers.static}): the peer set,
 * resolved again every refresh interval by one daemon thread, the client that asks the peers, the fan-out every
 * deployment answer asks them with, and the management endpoint they ask. Each feature wires its own side of the
 * exchange (hot keys, heatmap, sizes) under the same condition ({@link PeersConfigured}). Without either property none
 * of this exists and every instance answers for itself.
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
    PeerDirectory peerDirectory(
            PeersProperties properties, Environment environment, ScheduledExecutorService peerRefresh) {
        PeerAddress dns =
                properties.dns() == null || properties.dns().isBlank() ? null : PeerAddress.parse(properties.dns());
        // the management server's address, or the server's when management shares its port
        String bound = environment.getProperty("management.server.port") != null
                ? environment.getProperty("management.server.address")
                : environment.getProperty("server.address");
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
            context = tls.serverName() == null || tls.serverName().isBlank()
                    ? bundle.createSslContext()
                    : PeerTrust.context(
                            bundle.getProtocol(),
                            bundle.getManagers().getKeyManagers(),
                            bundle.getManagers().getTrustManagers(),
                            tls.serverName().strip());
        }
        log.info(
                "peers are asked over {}{}",
                context == null
                        ? "plain http (ringmap.peers.allow-plain-http)"
                        : "https with SSL bundle " + tls.bundle(),
                context == null || tls.serverName() == null ? "" : ", certificates naming " + tls.serverName());
        return new PeerClient(properties.timeout(), properties.maxAnswerSize(), signer, context);
    }

    @Bean
    InstanceId peerInstanceId() {
        return InstanceId.random();
    }

    @Bean
    PeerFanout peerFanout(InstanceId instance, PeerDirectory directory, PeerClient client, PeersProperties properties) {
        return new PeerFanout(instance, directory, client, properties.maxPeers());
    }

    /** The management endpoint the peers ask, serving the parts the features add ({@link PeerPart} beans). */
    @Bean
    PeerEndpoint peerEndpoint(ObjectProvider<PeerPart> parts) {
        return new PeerEndpoint(parts.orderedStream().toList());
    }

    /**
     * {@code ringmap.peers.dns} or {@code ringmap.peers.static} is set: the condition of this configuration, and of
     * each feature's side of the peer channel.
     */
    public static final class PeersConfigured extends AnyNestedCondition {

        PeersConfigured() {
            super(ConfigurationPhase.REGISTER_BEAN);
        }

        @ConditionalOnProperty("ringmap.peers.dns")
        static final class Dns {}

        @ConditionalOnProperty("ringmap.peers.static")
        static final class Static {}
    }
}
