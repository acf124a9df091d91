package io.ringmap.testcluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The classpath of a real Cassandra server line, resolved in isolation from the service's own classpath by
 * {@code src/test/cassandra/pom.xml} into {@code target/cassandra/<release>/classpath.txt}.
 */
public final class CassandraClasspath {

    /** Where the per-line files live; the class data archives sit beside them. */
    static final Path DIRECTORY = Path.of("target", "cassandra");

    private CassandraClasspath() {}

    /** The classpath of the configured line ({@link CassandraLine#configured()}). */
    public static String read() {
        return read(CassandraLine.configured());
    }

    /** Reads the line's classpath file, failing with the command that creates it when it is missing. */
    public static String read(CassandraLine line) {
        Path file = line.classpathFile().toAbsolutePath();
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException("Cassandra " + line.version() + " server classpath file " + file
                    + " is missing; create it with './mvnw -q -f src/test/cassandra/pom.xml process-resources "
                    + "-Dcassandra.version=" + line.version() + "' (./mvnw verify does this for every line before "
                    + "the integration tests)");
        }
        try {
            String classpath = Files.readString(file).strip();
            if (!classpath.contains("cassandra-all-" + line.version())) {
                throw new IllegalStateException(
                        "classpath file " + file + " does not name cassandra-all " + line.version());
            }
            return classpath;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
