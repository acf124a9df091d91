package io.ringmap.testcluster;

import io.ringmap.testsupport.Polling;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Machine-wide locks on the loopback addresses of a cluster, so that test runs in several checkouts on one machine
 * take turns instead of starting nodes on the same addresses and ports. A lock is a file lock under
 * {@code ${java.io.tmpdir}/ringmap-cassandra-locks}; the operating system releases it when the JVM ends.
 */
final class AddressLocks implements AutoCloseable {

    private static final Path DIRECTORY = Path.of(System.getProperty("java.io.tmpdir"), "ringmap-cassandra-locks");

    private final List<FileChannel> channels = new ArrayList<>();
    private final List<FileLock> locks = new ArrayList<>();
    private final java.util.Set<String> held = new java.util.HashSet<>();

    private AddressLocks() {}

    /**
     * Locks every address of {@code spec}, in a fixed order so two runs never hold one each, waiting at most
     * {@code -Dringmap.cassandra.lock-timeout} seconds (default 1800) for another run to finish.
     */
    static AddressLocks acquire(ClusterSpec spec) {
        Duration timeout = Duration.ofSeconds(Long.getLong("ringmap.cassandra.lock-timeout", 1800));
        Instant deadline = Instant.now().plus(timeout);
        AddressLocks held = new AddressLocks();
        try {
            Files.createDirectories(DIRECTORY);
            List<String> addresses = spec.nodes().stream()
                    .flatMap(node -> java.util.stream.Stream.of(node.address(), node.rpcAddress()))
                    .distinct()
                    .sorted()
                    .toList();
            for (String address : addresses) {
                held.lock(address, deadline);
            }
            return held;
        } catch (IOException e) {
            held.close();
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            held.close();
            throw e;
        }
    }

    /** Also locks {@code address} (a node added to the running cluster), unless this run holds it already. */
    synchronized void add(String address) {
        if (held.contains(address)) {
            return;
        }
        try {
            Files.createDirectories(DIRECTORY);
            lock(address, Instant.now().plus(Duration.ofSeconds(Long.getLong("ringmap.cassandra.lock-timeout", 1800))));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void lock(String address, Instant deadline) throws IOException {
        FileChannel channel = FileChannel.open(
                DIRECTORY.resolve(address + ".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        channels.add(channel);
        FileLock free = channel.tryLock();
        if (free == null) {
            System.err.println("waiting for another test run on this machine to release Cassandra address " + address);
            try {
                free = Polling.until(
                        "another test run on this machine releases Cassandra address " + address + " (lock files under "
                                + DIRECTORY + ")",
                        ClusterReadiness.until(deadline),
                        Duration.ofSeconds(1),
                        channel::tryLock,
                        lock -> lock != null);
            } catch (AssertionError e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        }
        locks.add(free);
        held.add(address);
    }

    @Override
    public synchronized void close() {
        for (FileLock lock : locks) {
            try {
                lock.release();
            } catch (IOException ignored) {
                // closing the channel releases it as well
            }
        }
        for (FileChannel channel : channels) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // nothing left to release
            }
        }
        locks.clear();
        channels.clear();
        held.clear();
    }
}
