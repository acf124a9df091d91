package io.ringmap.testcluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A dynamic class-data-sharing archive of the Cassandra server's classes under {@code target/cassandra/cds}: the
 * first node JVM to stop gracefully writes it, later node JVMs map it and spend less CPU loading classes.
 * {@code -Dringmap.cassandra.cds=false} turns it off; with the environment variable {@code CI=true} an existing archive
 * is used but none is written.
 */
final class ClassDataArchive {

    // one dumping JVM per archive per test JVM; dumps of other JVMs go to their own temporary files
    private static final Set<Path> DUMPS_IN_PROGRESS = ConcurrentHashMap.newKeySet();

    private final Path archive;

    ClassDataArchive(Path archive) {
        this.archive = archive;
    }

    /** The archive for this classpath and JDK, or empty when sharing is turned off. */
    static Optional<ClassDataArchive> forClasspath(String classpath) {
        if (!Boolean.parseBoolean(System.getProperty("ringmap.cassandra.cds", "true"))) {
            return Optional.empty();
        }
        String identity = classpath + '\n' + System.getProperty("java.home") + '\n' + System.getProperty("java.vm.version");
        Path directory = CassandraClasspath.DEFAULT_FILE.toAbsolutePath().getParent().resolve("cds");
        return Optional.of(new ClassDataArchive(directory.resolve("server-" + sha256(identity).substring(0, 16) + ".jsa")));
    }

    /** JVM options for a node about to start, and the temporary file it dumps to if it is the one writing. */
    Options optionsForNode() {
        if (Files.isRegularFile(archive)) {
            return new Options(List.of("-XX:SharedArchiveFile=" + archive), null);
        }
        // a CI run works in a fresh clone that no later run reuses: writing the archive (20 s at stop) never pays off
        if ("true".equalsIgnoreCase(System.getenv("CI")) || !DUMPS_IN_PROGRESS.add(archive)) {
            return new Options(List.of(), null);
        }
        try {
            Files.createDirectories(archive.getParent());
        } catch (IOException e) {
            DUMPS_IN_PROGRESS.remove(archive);
            return new Options(List.of(), null);
        }
        Path temporary = archive.resolveSibling(archive.getFileName() + ".tmp-" + ProcessHandle.current().pid());
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

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * @param jvmOptions options to add to the node's command line
     * @param dumpTo     where this node writes a new archive at exit, or null
     */
    record Options(List<String> jvmOptions, Path dumpTo) {
    }
}
