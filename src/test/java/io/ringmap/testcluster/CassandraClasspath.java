package io.ringmap.testcluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The classpath of the real Cassandra server, resolved in isolation from the service's own classpath by
 * {@code src/test/cassandra/pom.xml} into {@code target/cassandra/classpath.txt}.
 */
public final class CassandraClasspath {

    /** System property naming another classpath file. */
    public static final String FILE_PROPERTY = "ringmap.cassandra.classpath.file";

    static final Path DEFAULT_FILE = Path.of("target", "cassandra", "classpath.txt");

    private CassandraClasspath() {
    }

    /** Reads the classpath file, failing with the command that creates it when it is missing. */
    public static String read() {
        Path file = Path.of(System.getProperty(FILE_PROPERTY, DEFAULT_FILE.toString())).toAbsolutePath();
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException("Cassandra server classpath file " + file + " is missing; create it with "
                    + "'./mvnw -q -f src/test/cassandra/pom.xml process-resources' (./mvnw verify does this before "
                    + "the integration tests)");
        }
        try {
            String classpath = Files.readString(file).strip();
            if (!classpath.contains("cassandra-all")) {
                throw new IllegalStateException("classpath file " + file + " does not name cassandra-all");
            }
            return classpath;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
