package io.ringmap.testcluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * A dynamic class-data-sharing archive of the Cassandra server's classes under {@code target/cassandra/cds}: written
 * once, before the first node of a test JVM starts, by a throwaway node ({@link #prepare}), then mapped by every node
 * JVM, which spends less CPU loading classes. Should that fail, outside CI the first node JVM to stop gracefully writes
 * it. {@code -Dringmap.cassandra.cds=false} turns it off.
 */
final class ClassDataArchive {

    // one dumping JVM per archive per test JVM; dumps of other JVMs go to their own temporary files
    private static final Set<Path> DUMPS_IN_PROGRESS = ConcurrentHashMap.newKeySet();

    /** The throwaway node of {@link #prepare}: an address no test cluster uses. */
    static final NodeSpec WARM_UP_NODE = NodeSpec.withTokens("127.0.0.250", "dc1", "rack1", "0");

    private static final Duration WARM_UP_TIMEOUT = Duration.ofSeconds(180);
    // the JVM writes the archive after Cassandra's shutdown hooks: allow more than a node's usual stop grace
    private static final Duration DUMP_GRACE = Duration.ofSeconds(120);
    private static final Set<Path> PREPARED = ConcurrentHashMap.newKeySet();

    private final Path archive;

    ClassDataArchive(Path archive) {
        this.archive = archive;
    }

    /** The archive for this classpath and JDK, or empty when sharing is turned off. */
    static Optional<ClassDataArchive> forClasspath(String classpath) {
        if (!Boolean.parseBoolean(System.getProperty("ringmap.cassandra.cds", "true"))) {
            return Optional.empty();
        }
        String identity =
                classpath + '\n' + System.getProperty("java.home") + '\n' + System.getProperty("java.vm.version");
        Path directory = CassandraClasspath.DIRECTORY.toAbsolutePath().resolve("cds");
        return Optional.of(new ClassDataArchive(
                directory.resolve("server-" + sha256(identity).substring(0, 16) + ".jsa")));
    }

    /**
     * Makes sure the archive for {@code classpath} exists before a test JVM's first node starts: when it is missing, a
     * throwaway single node ({@link #WARM_UP_NODE}, under {@code clustersRoot/cds-warm-up}) starts until it accepts CQL
     * and stops gracefully, and its JVM writes the archive of every class it loaded. A clean clone (CI) has no archive,
     * so without this every node of the run would start without one. Best effort: on failure nodes start without it.
     */
    static void prepare(CassandraLine line, String classpath, Path clustersRoot) {
        Optional<ClassDataArchive> found = forClasspath(classpath);
        if (found.isEmpty() || line != CassandraLine.configured()) {
            // a line beside the configured one starts a few nodes only: a warm-up node would cost more than it saves
            return;
        }
        ClassDataArchive sharing = found.get();
        synchronized (PREPARED) {
            if (!PREPARED.add(sharing.archive) || Files.isRegularFile(sharing.archive)) {
                return;
            }
            Instant began = Instant.now();
            ClusterSpec spec = ClusterSpec.of("cds-warm-up", CassandraPartitioner.MURMUR3, List.of(WARM_UP_NODE))
                    .withHeap("256m", "384m");
            // ClusterSpec.of is of the configured line, which is this classpath's
            try (AddressLocks locks = AddressLocks.acquire(spec)) {
                if (Files.isRegularFile(sharing.archive)) {
                    return; // another run on this machine wrote it while we waited for the address
                }
                NodeFiles files = NodeFiles.of(clustersRoot.toAbsolutePath().resolve(spec.name()), WARM_UP_NODE);
                CassandraNode.recordedProcess(files).ifPresent(leftover -> {
                    leftover.destroy();
                    CassandraNode.awaitExit(leftover, DUMP_GRACE);
                });
                deleteRecursively(files.dir());
                NodeConfigWriter.write(spec, WARM_UP_NODE, files);
                CassandraNode node = new CassandraNode(spec, WARM_UP_NODE, files);
                if (CassandraNode.accepts(node.nativeAddress())) {
                    throw new IllegalStateException("something already listens on " + node.nativeAddress());
                }
                Options options = sharing.dumpOptions();
                if (options.dumpTo() == null) {
                    return;
                }
                node.start(classpath, List.of(), options);
                try {
                    node.awaitNativeTransport(began.plus(WARM_UP_TIMEOUT));
                } finally {
                    node.stop(DUMP_GRACE);
                }
                System.out.printf(
                        "Cassandra class data archive %s written by a throwaway node in %.1f s%n",
                        sharing.archive.getFileName(),
                        Duration.between(began, Instant.now()).toMillis() / 1000.0);
            } catch (Exception e) {
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
                System.err.println("no Cassandra class data archive (nodes start without one): " + e);
            }
        }
    }

    /** JVM options for a node about to start, and the temporary file it dumps to if it is the one writing. */
    Options optionsForNode() {
        if (Files.isRegularFile(archive)) {
            return new Options(List.of("-XX:SharedArchiveFile=" + archive), null);
        }
        // in CI only prepare's throwaway node writes it: a test node stopping would take 20 s longer to write it
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            return new Options(List.of(), null);
        }
        return dumpOptions();
    }

    /** Options that make a node JVM write the archive at exit, unless another node of this JVM already does. */
    private Options dumpOptions() {
        if (!DUMPS_IN_PROGRESS.add(archive)) {
            return new Options(List.of(), null);
        }
        try {
            Files.createDirectories(archive.getParent());
        } catch (IOException e) {
            DUMPS_IN_PROGRESS.remove(archive);
            return new Options(List.of(), null);
        }
        Path temporary = archive.resolveSibling(
                archive.getFileName() + ".tmp-" + ProcessHandle.current().pid());
        return new Options(List.of("-XX:ArchiveClassesAtExit=" + temporary), temporary);
    }

    /**
     * Publishes the archive a node wrote to {@code dumpTo} when it exited by itself after SIGTERM; discards the dump
     * of a killed one.
     */
    static void nodeExited(Path dumpTo, boolean graceful) {
        String name = dumpTo.getFileName().toString();
        Path target = dumpTo.resolveSibling(name.substring(0, name.lastIndexOf(".tmp-")));
        try {
            if (graceful && Files.isRegularFile(dumpTo) && Files.size(dumpTo) > 0) {
                try {
                    Files.move(dumpTo, target, StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(dumpTo, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException ignored) {
            // no archive this time; a later node JVM writes one
        } finally {
            try {
                Files.deleteIfExists(dumpTo);
            } catch (IOException ignored) {
                // a leftover temporary file is harmless and goes with target/
            }
            DUMPS_IN_PROGRESS.remove(target);
        }
    }

    private static void deleteRecursively(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * @param jvmOptions options to add to the node's command line
     * @param dumpTo     where this node writes a new archive at exit, or null
     */
    record Options(List<String> jvmOptions, Path dumpTo) {}
}
