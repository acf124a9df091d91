package io.ringmap.topology;

import io.ringmap.config.TopologyProperties;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
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
 * valid edit replaces it. A file whose modification time and size are those of the last read, and whose last read came
 * more than {@link #RACY} after that modification, is not read again (a 1000-node x 256-vnode file is tens of
 * megabytes to read and hash every interval); an edit changes its modification time. An explicit {@link #refresh()}
 * reads any location again. {@link #refreshInterval()}
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
    /**
     * The file's modification time and size before the last read, when that read came late enough after the
     * modification that any later edit has a later time; null when the next watch must read (guarded by this).
     */
    private FileStat unchangedSince;
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
            watcher.scheduleWithFixedDelay(this::watch, every, every, TimeUnit.MILLISECONDS);
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
        FileStat before = stat();
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
        unchangedSince = trusted(before);
    }

    /** The periodic check: reads the file again unless its modification time and size say it is unchanged. */
    synchronized void watch() {
        FileStat now = stat();
        if (now == null || !now.equals(unchangedSince)) {
            refresh();
        }
    }

    /** Re-reads the file; publishes it when its content changed since the last read. */
    @Override
    public synchronized void refresh() {
        byte[] content;
        FileStat before = stat();
        try {
            content = content();
        } catch (RuntimeException e) {
            String reason = e.getMessage() + "; serving the last good snapshot";
            publisher.markStale(reason);
            report(reason);
            lastRead = null; // read again until it can be read; the log says it once
            unchangedSince = null;
            return;
        }
        unchangedSince = trusted(before);
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

    /** A file's modification time and size. */
    private record FileStat(FileTime modified, long size) {}

    /**
     * How long after a modification a read must come for the file's time and size to stand for its content: a file
     * system keeps modification times to 2 s at the coarsest, so an edit within that window could leave both as they
     * were.
     */
    static final Duration RACY = Duration.ofSeconds(2);

    /** The file's time and size, or null where the location is not a file (read every time) or cannot be read. */
    private FileStat stat() {
        if (watcher == null || !resource.isFile()) {
            return null;
        }
        try {
            BasicFileAttributes attributes =
                    Files.readAttributes(resource.getFile().toPath(), BasicFileAttributes.class);
            return new FileStat(attributes.lastModifiedTime(), attributes.size());
        } catch (IOException e) {
            return null; // the read that follows says what is wrong
        }
    }

    /** {@code before}, if a read that began now cannot have missed an edit with the same time and size. */
    private static FileStat trusted(FileStat before) {
        return before != null
                        && before.modified().toInstant().isBefore(Instant.now().minus(RACY))
                ? before
                : null;
    }

    private static byte[] digest(byte[] content) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(content);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
