package io.ringmap.topology;

import io.ringmap.config.TopologyProperties;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.core.io.ResourceLoader;

/**
 * Serves a topology described in a YAML file (the bundled sample by default). Read at start-up, where an invalid file
 * stops the service. A file that can change (any location but {@code classpath:}) is read again every
 * {@code ringmap.topology.refresh-interval}: changed content is published (the snapshot changes only when the model
 * does), and an invalid edit keeps the last good snapshot, marked stale with the parse error as its reason, until a
 * valid edit replaces it. An explicit {@link #refresh()} does the same for any location. {@link #refreshInterval()}
 * stays empty: the overdue alert is for a cluster that stops answering, and an unchanged file is no missed refresh.
 *
 * <p>The first read and snapshot build run on a thread of their own while Spring creates the other beans (on a
 * 1000-node x 256-vnode file both take seconds, and the context is single-threaded); the context waits for them once
 * every singleton exists, before the web server starts, so no request sees the service without its snapshot and an
 * invalid file still stops start-up.
 */
public class StaticTopologySource implements TopologySource, SmartInitializingSingleton, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(StaticTopologySource.class);

    private final Resource resource;
    private final String location;
    private final TopologyPublisher publisher;
    private final TopologyProperties properties;
    private final CompletableFuture<Void> firstBuild;
    /** The first read's cluster name, known once the file is parsed (before its snapshot is built). */
    private final CompletableFuture<String> firstClusterName = new CompletableFuture<>();

    private final ScheduledExecutorService watcher;
    /** SHA-256 of the content read last, valid or not (guarded by this). */
    private byte[] lastRead;
    /** What the log last said was wrong with the file (null: nothing), so a lasting problem is logged once. */
    private String reported;

    public StaticTopologySource(ResourceLoader loader, TopologyProperties properties, TopologyPublisher publisher) {
        this.location = properties.file();
        this.resource = loader.getResource(location);
        this.publisher = publisher;
        this.properties = properties;
        // a classpath resource is part of the build: it cannot change while the service runs
        this.watcher = resource instanceof ClassPathResource
                ? null
                : Executors.newSingleThreadScheduledExecutor(runnable -> {
                    Thread thread = new Thread(runnable, "ringmap-topology-file");
                    thread.setDaemon(true);
                    return thread;
                });
        this.firstBuild = CompletableFuture.runAsync(this::readFirst, runnable -> {
            Thread thread = new Thread(runnable, "ringmap-first-snapshot");
            thread.setDaemon(true);
            thread.start();
        });
    }

    /**
     * Waits for the first snapshot (a file that cannot be read or parsed fails start-up as it always did), then
     * follows the file's edits.
     */
    @Override
    public void afterSingletonsInstantiated() {
        join(firstBuild);
        if (watcher != null) {
            long every = properties.refreshInterval().toMillis();
            watcher.scheduleWithFixedDelay(this::refresh, every, every, TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public void destroy() {
        if (watcher != null) {
            watcher.shutdownNow();
        }
    }

    @Override
    public String name() {
        return "static:" + location;
    }

    /**
     * The {@code cluster} name of the file as read at start-up; waits for the first parse (not for the snapshot
     * build), and throws what stops start-up when the file cannot be read or parsed.
     */
    public String clusterName() {
        return join(firstClusterName);
    }

    /** The future's value, or the failure of the first read as it was thrown. */
    private static <T> T join(CompletableFuture<T> first) {
        try {
            return first.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw e;
        }
    }

    private synchronized void readFirst() {
        TopologyModel model;
        byte[] content;
        try {
            content = content();
            model = model(content);
        } catch (RuntimeException e) {
            firstClusterName.completeExceptionally(e);
            throw e;
        }
        firstClusterName.complete(model.clusterName());
        publisher.publish(model, name());
        lastRead = digest(content);
    }

    /** Re-reads the file; publishes it when its content changed since the last read. */
    @Override
    public synchronized void refresh() {
        byte[] content;
        try {
            content = content();
        } catch (RuntimeException e) {
            String reason = e.getMessage() + "; serving the last good snapshot";
            publisher.markStale(reason);
            report(reason);
            lastRead = null; // read again until it can be read; the log says it once
            return;
        }
        byte[] digest = digest(content);
        if (Arrays.equals(digest, lastRead)) {
            return;
        }
        lastRead = digest;
        try {
            publisher.publish(model(content), name());
        } catch (RuntimeException e) {
            String reason =
                    "static topology " + location + " is invalid, serving the last good snapshot: " + e.getMessage();
            publisher.markStale(reason);
            report(reason);
            return;
        }
        if (reported != null) {
            log.info("static topology {} is valid again and served", location);
            reported = null;
        }
    }

    /**
     * A WARN when the file's problem changes, not on every refresh: the service keeps answering from the last good
     * snapshot, which is flagged stale with the reason in every answer and in health.
     */
    private void report(String reason) {
        if (!reason.equals(reported)) {
            log.warn(reason);
            reported = reason;
        }
    }

    private byte[] content() {
        try (InputStream in = resource.getInputStream()) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException("static topology " + location + " cannot be read: " + e.getMessage(), e);
        }
    }

    private TopologyModel model(byte[] content) {
        TopologyModel model = StaticTopologyParser.parse(new String(content, StandardCharsets.UTF_8), location);
        Map<String, Map<String, String>> replication = new LinkedHashMap<>();
        model.replication().forEach((ks, r) -> {
            if (properties.serves(ks)) {
                replication.put(ks, r);
            }
        });
        return new TopologyModel(
                model.clusterName(),
                model.partitioner(),
                model.nodes(),
                replication,
                model.tables().stream()
                        .filter(t -> properties.serves(t.keyspace()))
                        .toList(),
                model.localAddress());
    }

    private static byte[] digest(byte[] content) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(content);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
