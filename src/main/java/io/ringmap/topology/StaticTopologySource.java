package io.ringmap.topology;

import io.ringmap.config.TopologyProperties;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.core.io.Resource;
import org.springframework.core.io.ResourceLoader;

/**
 * Serves a topology described in a YAML file (the bundled sample by default). Read at start-up, where an invalid file
 * stops the service; re-read on every refresh, where an invalid edit keeps the last good snapshot.
 *
 * <p>The first read and snapshot build run on a thread of their own while Spring creates the other beans (on a
 * 1000-node x 256-vnode file both take seconds, and the context is single-threaded); the context waits for them once
 * every singleton exists, before the web server starts, so no request sees the service without its snapshot and an
 * invalid file still stops start-up.
 */
public class StaticTopologySource implements TopologySource, SmartInitializingSingleton {

    private static final Logger log = LoggerFactory.getLogger(StaticTopologySource.class);

    private final Resource resource;
    private final String location;
    private final TopologyPublisher publisher;
    private final TopologyProperties properties;
    private final CompletableFuture<Void> firstBuild;

    public StaticTopologySource(ResourceLoader loader, TopologyProperties properties, TopologyPublisher publisher) {
        this.location = properties.file();
        this.resource = loader.getResource(location);
        this.publisher = publisher;
        this.properties = properties;
        this.firstBuild = CompletableFuture.runAsync(() -> publisher.publish(read(), name()), runnable -> {
            Thread thread = new Thread(runnable, "ringmap-first-snapshot");
            thread.setDaemon(true);
            thread.start();
        });
    }

    /** Waits for the first snapshot; a file that cannot be read or parsed fails start-up as it always did. */
    @Override
    public void afterSingletonsInstantiated() {
        try {
            firstBuild.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw e;
        }
    }

    @Override
    public String name() {
        return "static:" + location;
    }

    @Override
    public void refresh() {
        try {
            publisher.publish(read(), name());
        } catch (RuntimeException e) {
            log.error("static topology {} could not be re-read; serving the last good snapshot: {}", location,
                    e.getMessage());
        }
    }

    private TopologyModel read() {
        String text;
        try (InputStream in = resource.getInputStream()) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("static topology " + location + " cannot be read: " + e.getMessage(), e);
        }
        TopologyModel model = StaticTopologyParser.parse(text, location);
        Map<String, Map<String, String>> replication = new LinkedHashMap<>();
        model.replication().forEach((ks, r) -> {
            if (properties.serves(ks)) {
                replication.put(ks, r);
            }
        });
        return new TopologyModel(model.clusterName(), model.partitioner(), model.nodes(), replication,
                model.tables().stream().filter(t -> properties.serves(t.keyspace())).toList(), model.localAddress());
    }
}
