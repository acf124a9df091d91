package io.ringmap.testcluster;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Locale;

/**
 * Command line for developers: {@code start|stop|status [SPEC]} keeps a {@link StandardCluster} (default
 * {@code LOCAL}) running between commands; pids live in each node's {@code cassandra.pid}. Run by
 * scripts/local-cluster.sh.
 */
public final class LocalCluster {

    private LocalCluster() {}

    public static void main(String[] args) {
        if (args.length < 1 || args.length > 2) {
            usage();
        }
        StandardCluster standard = args.length == 2 ? parse(args[1]) : StandardCluster.LOCAL;
        CassandraCluster cluster = CassandraCluster.of(standard.spec());
        int status = switch (args[0]) {
            case "start" -> start(cluster);
            case "stop" -> stop(cluster);
            case "status" -> status(cluster);
            default -> usage();
        };
        System.exit(status);
    }

    private static int start(CassandraCluster cluster) {
        if (cluster.adoptRunningNodes() > 0) {
            System.err.println(
                    "cluster " + cluster.spec().name() + " is already running; stop it first\n" + cluster.describe());
            return 1;
        }
        cluster.start();
        cluster.detach();
        System.out.printf("started in %.1f s%n%s", cluster.lastStartDuration().toMillis() / 1000.0, cluster.describe());
        System.out.println("CQL: " + cluster.contactPoint().getHostString() + ":"
                + cluster.contactPoint().getPort()
                + " (local data center " + cluster.localDatacenter() + "), logs and data under "
                + cluster.directory());
        return 0;
    }

    private static int stop(CassandraCluster cluster) {
        int running = cluster.adoptRunningNodes();
        Instant began = Instant.now();
        cluster.stop();
        System.out.printf(
                "stopped %d node(s) of %s in %.1f s%n",
                running,
                cluster.spec().name(),
                Duration.between(began, Instant.now()).toMillis() / 1000.0);
        return 0;
    }

    private static int status(CassandraCluster cluster) {
        int running = cluster.adoptRunningNodes();
        System.out.print(cluster.describe());
        if (running == 0) {
            System.out.println("not running");
            return 3;
        }
        int first = cluster.nodes()
                .indexOf(cluster.nodes().stream()
                        .filter(CassandraNode::isRunning)
                        .findFirst()
                        .orElseThrow());
        System.out.print(cluster.nodetool(first, "status"));
        return 0;
    }

    private static StandardCluster parse(String name) {
        String normalized = name.toUpperCase(Locale.ROOT).replace('-', '_');
        return Arrays.stream(StandardCluster.values())
                .filter(standard -> standard.name().equals(normalized))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(
                        "unknown cluster " + name + "; one of " + Arrays.toString(StandardCluster.values())));
    }

    private static int usage() {
        System.err.println("usage: local-cluster.sh start|stop|status [" + Arrays.toString(StandardCluster.values())
                + ", default LOCAL]");
        System.exit(2);
        return 2;
    }
}
