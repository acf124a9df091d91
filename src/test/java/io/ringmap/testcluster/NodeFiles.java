package io.ringmap.testcluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The directory layout of one node: configuration, data, commit log, hints, saved caches, CDC and logs, all under
 * {@code <cluster dir>/<address>}.
 *
 * @param dir the node's own directory
 */
record NodeFiles(Path dir) {

    NodeFiles {
        dir = dir.toAbsolutePath().normalize();
    }

    static NodeFiles of(Path clusterDir, NodeSpec node) {
        return new NodeFiles(clusterDir.resolve(node.address()));
    }

    Path confDir() {
        return dir.resolve("conf");
    }

    Path cassandraYaml() {
        return confDir().resolve("cassandra.yaml");
    }

    Path rackDcProperties() {
        return confDir().resolve("cassandra-rackdc.properties");
    }

    Path logbackXml() {
        return confDir().resolve("logback.xml");
    }

    /** The JVM argument file the node is started with ({@code java @jvm.args}), kept for reproducing by hand. */
    Path jvmArgs() {
        return confDir().resolve("jvm.args");
    }

    Path dataDir() {
        return dir.resolve("data");
    }

    Path commitLogDir() {
        return dir.resolve("commitlog");
    }

    Path hintsDir() {
        return dir.resolve("hints");
    }

    Path savedCachesDir() {
        return dir.resolve("saved_caches");
    }

    Path cdcRawDir() {
        return dir.resolve("cdc_raw");
    }

    Path logDir() {
        return dir.resolve("logs");
    }

    /** Cassandra's own log, written by the generated logback configuration. */
    Path systemLog() {
        return logDir().resolve("system.log");
    }

    /** Standard output and error of the node JVM. */
    Path stdoutLog() {
        return logDir().resolve("stdout.log");
    }

    Path pidFile() {
        return dir.resolve("cassandra.pid");
    }

    /** Names the class-data-sharing archive the node JVM writes when it exits, while it runs. */
    Path cdsDumpFile() {
        return dir.resolve("cds-dump");
    }

    void createDirectories() {
        try {
            for (Path path : List.of(
                    confDir(), dataDir(), commitLogDir(), hintsDir(), savedCachesDir(), cdcRawDir(), logDir())) {
                Files.createDirectories(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
