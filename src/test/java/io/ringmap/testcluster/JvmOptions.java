package io.ringmap.testcluster;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** JVM options for Cassandra server and nodetool JVMs on Java 17, tuned for quick start-up rather than throughput. */
final class JvmOptions {

    /**
     * The JPMS and Netty lines of Cassandra 5.0's conf/jvm17-server.options; Cassandra needs them on Java 17.
     * The GC lines of that file are replaced by {@link #TEST_SPEED}.
     */
    static final List<String> JAVA17_MODULES = List.of(
            "-Djdk.attach.allowAttachSelf=true",
            "--add-exports",
            "java.base/jdk.internal.misc=ALL-UNNAMED",
            "--add-exports",
            "java.management.rmi/com.sun.jmx.remote.internal.rmi=ALL-UNNAMED",
            "--add-exports",
            "java.rmi/sun.rmi.registry=ALL-UNNAMED",
            "--add-exports",
            "java.rmi/sun.rmi.server=ALL-UNNAMED",
            "--add-exports",
            "java.sql/java.sql=ALL-UNNAMED",
            "--add-exports",
            "java.base/java.lang.ref=ALL-UNNAMED",
            "--add-exports",
            "jdk.unsupported/sun.misc=ALL-UNNAMED",
            "--add-exports",
            "jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED",
            "--add-exports",
            "jdk.attach/sun.tools.attach=ALL-UNNAMED",
            "--add-opens",
            "java.base/java.lang.module=ALL-UNNAMED",
            "--add-opens",
            "java.base/jdk.internal.loader=ALL-UNNAMED",
            "--add-opens",
            "java.base/jdk.internal.ref=ALL-UNNAMED",
            "--add-opens",
            "java.base/jdk.internal.reflect=ALL-UNNAMED",
            "--add-opens",
            "java.base/jdk.internal.math=ALL-UNNAMED",
            "--add-opens",
            "java.base/jdk.internal.module=ALL-UNNAMED",
            "--add-opens",
            "java.base/jdk.internal.util.jar=ALL-UNNAMED",
            "--add-opens",
            "jdk.management/com.sun.management.internal=ALL-UNNAMED",
            "--add-opens",
            "java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens",
            "java.base/java.io=ALL-UNNAMED",
            "--add-opens",
            "java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-opens",
            "jdk.compiler/com.sun.tools.javac=ALL-UNNAMED",
            "--add-opens",
            "java.base/java.lang=ALL-UNNAMED",
            "--add-opens",
            "java.base/java.util=ALL-UNNAMED",
            "-Dio.netty.tryReflectionSetAccessible=true",
            "-Dio.netty.allocator.useCacheForAllThreads=true",
            "-Dio.netty.allocator.maxOrder=11");

    /** C1 only and the serial collector: a small test node starts faster and stays smaller this way. */
    static final List<String> TEST_SPEED = List.of(
            "-XX:TieredStopAtLevel=1",
            "-XX:+UseSerialGC",
            "-XX:+ExitOnOutOfMemoryError",
            "-XX:+PerfDisableSharedMem",
            "-Djava.net.preferIPv4Stack=true");

    /** Cassandra's own test switches that skip waits meant for production clusters. */
    static final List<String> CASSANDRA_TEST_SWITCHES = List.of(
            "-Dcassandra.skip_wait_for_gossip_to_settle=0",
            "-Dcassandra.shutdown_announce_in_ms=0",
            "-Dcassandra.test.messagingService.nonGracefulShutdown=true",
            // AuthKeyspace.SUPERUSER_SETUP_DELAY (10 s): with PasswordAuthenticator no login works until the default
            // superuser exists; Cassandra's distributed tests start nodes with 0 too
            "-Dcassandra.superuser_setup_delay_ms=0",
            // SkipListMemtable.ROW_OVERHEAD_HEAP_SIZE, what it computes at start-up by filling a skip list with
            // 100,000 rows (seconds of a node's start on C1; 5.0.9 computes 180-181 here): memtable accounting only
            "-Dcassandra.memtable.row_overhead_size=180",
            // SchemaKeyspace.FLUSH_SCHEMA_TABLES (4.0 to 6.0): each schema change flushes every system_schema table
            // to new sstables on every node, and a start flushes them too. Off, as Cassandra's own tests run it: the
            // commit log still holds every change and a restart replays it. 31 schema changes on 3 nodes: 17.5-19.3 s
            // of the nodes' CPU with the flushes, 5.2 s without (scripts/bench node-start)
            "-Dcassandra.test.flush_local_schema_changes=false",
            // StorageService.SCHEMA_DELAY_MILLIS (4.0 to 6.0; 30 s by default): how long a starting node waits for
            // its peers' schemas before it gives up ("Could not achieve schema readiness"), as a replacing node did
            // on an overloaded build machine. The wait ends as soon as the schemas arrive, so a longer bound costs
            // nothing when they do
            "-Dcassandra.schema_delay_ms=120000",
            // MonotonicClock.SampledClock re-reads the clock every 2 ms by default, on ScheduledFastTasks: the busiest
            // thread of an idle node, which used 1.0 s of CPU a minute with it and 0.3 s with 100 ms (about ten
            // nodes sit idle at a time in the suite). Approximate time serves request timeouts of seconds.
            "-Dcassandra.approximate_time_precision_ms=100");

    /**
     * TLS nodes use the JDK's TLS provider. With its default, OpenSSL through netty-tcnative-boringssl-static
     * (2.0.70, with netty 4.1.130), a Cassandra 5.0.9 node drops every TLS 1.3 connection that presents a client
     * certificate: the first frame after the handshake reaches the native transport as protocol version 0
     * ("Invalid or unsupported protocol version (0)"), so neither the driver nor a raw socket gets past OPTIONS.
     * The JDK provider serves TLS 1.3 with client certificates (SecureClusterIT checks both versions).
     */
    static final String TLS_PROVIDER = "-Dcassandra.disable_tcactive_openssl=true";

    private JvmOptions() {}

    /** Options of a Cassandra server JVM for one node; {@code files} says where its configuration lives. */
    static List<String> server(ClusterSpec spec, NodeSpec node, NodeFiles files) {
        return server(spec, node, files, List.of());
    }

    /** As {@link #server(ClusterSpec, NodeSpec, NodeFiles)}, with system properties for this start only. */
    static List<String> server(ClusterSpec spec, NodeSpec node, NodeFiles files, List<String> startOptions) {
        List<String> options = new ArrayList<>();
        options.add("-Xms" + spec.heapMin());
        options.add("-Xmx" + spec.heapMax());
        options.addAll(TEST_SPEED);
        options.addAll(JAVA17_MODULES);
        options.addAll(spec.line().serverOptions());
        options.addAll(CASSANDRA_TEST_SWITCHES);
        if (spec.ringDelay() != null) {
            // StorageService.RING_DELAY_MILLIS, read once at start-up (CassandraRelevantProperties.RING_DELAY);
            // BROADCAST_INTERVAL_MS (default 60 s) is how long a replacement on another address waits for the dead
            // node's gossip to stay quiet, and how often nodes gossip their load
            options.add("-Dcassandra.ring_delay_ms=" + spec.ringDelay().toMillis());
            options.add("-Dcassandra.broadcast_interval_ms=" + spec.ringDelay().toMillis());
        }
        // JMX bound to loopback only (what cassandra-env.sh does with LOCAL_JMX=yes), without authentication unless
        // the spec asks for it
        options.add("-Dcassandra.jmx.local.port=" + spec.jmxPort(node));
        if (spec.jmxAccess() != null) {
            options.addAll(spec.jmxAccess().serverOptions());
        }
        options.add("-Dcassandra-foreground=yes");
        options.add("-Dcassandra.storagedir=" + files.dir());
        options.add("-Dcassandra.config=" + files.cassandraYaml().toUri());
        options.add("-Dcassandra-rackdc.properties=" + files.rackDcProperties().toUri());
        options.add("-Dcassandra.logdir=" + files.logDir());
        options.add("-Dlogback.configurationFile=" + files.logbackXml());
        if (spec.clientAccess() != null && spec.clientAccess().tls()) {
            options.add(TLS_PROVIDER);
        }
        options.addAll(startOptions);
        options.addAll(extraOptions());
        return options;
    }

    /** Whitespace-separated options from {@code -Dringmap.cassandra.jvm-options}, appended to every node's. */
    static List<String> extraOptions() {
        String extra = System.getProperty("ringmap.cassandra.jvm-options", "").strip();
        return extra.isEmpty() ? List.of() : List.of(extra.split("\\s+"));
    }

    /**
     * Options of the nodetool server JVM for the clusters of {@code spec}'s line and JMX protection; {@code directory}
     * is its storage directory, {@code logback} its logging configuration.
     */
    static List<String> tool(ClusterSpec spec, Path directory, Path logback) {
        List<String> options = new ArrayList<>();
        options.add("-Xms32m");
        options.add("-Xmx256m");
        options.addAll(TEST_SPEED);
        options.addAll(JAVA17_MODULES);
        options.add("-Dcassandra.storagedir=" + directory);
        options.add("-Dlogback.configurationFile=" + logback);
        options.addAll(spec.line().serverOptions());
        JmxAccess access = spec.jmxAccess();
        if (access != null) {
            options.addAll(access.toolOptions());
        }
        return options;
    }

    /** nodetool's connection arguments for a node's JMX port: host, port and, when protected, the login. */
    static List<String> connection(int jmxPort, JmxAccess access) {
        List<String> args = new ArrayList<>(List.of("-h", "127.0.0.1", "-p", Integer.toString(jmxPort)));
        if (access != null) {
            args.addAll(access.toolArguments());
        }
        return args;
    }
}
