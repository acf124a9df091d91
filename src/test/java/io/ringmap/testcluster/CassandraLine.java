package io.ringmap.testcluster;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A release line of Cassandra the harness runs: the exact release resolved from Maven Central
 * ({@code src/test/cassandra/pom.xml} with {@code -Dcassandra.version}), and what its server JVM and its
 * cassandra.yaml need on Java 17. Which line a cluster runs is its {@link ClusterSpec#line()}; a spec that names none
 * runs {@link #configured()} ({@code -Dringmap.cassandra.line}, 5.0 by default), so every suite runs on any line.
 */
public enum CassandraLine {

    /** 4.0: built for Java 8 and 11; on 17 it needs more module opens, and its yaml has the pre-4.1 keys. */
    V4_0("4.0", "4.0.19"),
    /** 4.1: the new yaml keys (the old ones still read); on Java 17 the same module opens as 4.0. */
    V4_1("4.1", "4.1.10"),
    /** 5.0: the line every suite ran on first; its own jvm17-server.options are {@link JvmOptions#JAVA17_MODULES}. */
    V5_0("5.0", "5.0.9"),
    /** 6.0: the ring lives in the cluster-metadata log (CEP-21, transactional cluster metadata). */
    V6_0("6.0", "6.0-alpha2");

    /** System property naming the line of specs that name none: {@code 4.0}, {@code 4.1}, {@code 5.0}, {@code 6.0}. */
    public static final String PROPERTY = "ringmap.cassandra.line";

    /**
     * What 4.0 and 4.1 need beyond 5.0's options to start on Java 17 (their own scripts only know Java 8 and 11):
     * tried line by line, each names a package a start-up path reflects into.
     */
    static final List<String> JAVA17_OPENS_4X = List.of(
            "--add-opens", "java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens", "java.base/java.util.concurrent.atomic=ALL-UNNAMED",
            "--add-opens", "java.base/java.nio=ALL-UNNAMED",
            "--add-opens", "java.base/java.lang.invoke=ALL-UNNAMED",
            "--add-opens", "java.base/sun.nio.fs=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "--add-opens", "java.base/java.net=ALL-UNNAMED",
            // jamm measures prepared statements deeply: their charsets, numbers, patterns and times
            "--add-opens", "java.base/java.nio.charset=ALL-UNNAMED",
            "--add-opens", "java.base/sun.nio.cs=ALL-UNNAMED",
            "--add-opens", "java.base/java.math=ALL-UNNAMED",
            "--add-opens", "java.base/java.util.regex=ALL-UNNAMED",
            "--add-opens", "java.base/java.time=ALL-UNNAMED",
            "--add-opens", "java.base/java.text=ALL-UNNAMED",
            "--add-opens", "java.rmi/sun.rmi.transport.tcp=ALL-UNNAMED");

    private final String label;
    private final String version;

    CassandraLine(String label, String version) {
        this.label = label;
        this.version = version;
    }

    /** The line as people name it: {@code 4.0}, {@code 4.1}, {@code 5.0}, {@code 6.0}. */
    public String label() {
        return label;
    }

    /** The release of this line the harness resolves from Maven Central. */
    public String version() {
        return version;
    }

    /** The line of specs that name none: {@code -Dringmap.cassandra.line}, else 5.0. */
    public static CassandraLine configured() {
        String value = System.getProperty(PROPERTY, "").strip();
        return value.isEmpty() ? V5_0 : parse(value);
    }

    /** A line from its label ({@code 4.1}), its release ({@code 4.1.10}) or its name ({@code V4_1}). */
    public static CassandraLine parse(String value) {
        String v = value.strip();
        return Arrays.stream(values())
                .filter(line -> line.label.equals(v)
                        || line.version.equals(v)
                        || line.name().equalsIgnoreCase(v))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown Cassandra line " + value + "; one of "
                        + Arrays.stream(values()).map(CassandraLine::label).toList()));
    }

    /** The server classpath file the build writes for this line ({@code target/cassandra/<release>/classpath.txt}). */
    Path classpathFile() {
        return Path.of("target", "cassandra", version, "classpath.txt");
    }

    /** JVM options this line's server and tools need beyond 5.0's on Java 17. */
    List<String> serverOptions() {
        return this == V4_0 || this == V4_1 ? JAVA17_OPENS_4X : List.of();
    }

    /**
     * The line's server JVM options that depend on its classpath: 4.x measures memory with jamm 0.3, which without
     * its agent falls back to {@code Unsafe.objectFieldOffset} and fails on Java 17's hidden classes (lambdas), at
     * the first prepared statement of start-up; Cassandra's own scripts always load it as an agent. A JVM with an
     * agent writes a class data archive ({@link ClassDataArchive}) only when allowed to.
     */
    List<String> serverOptions(String classpath) {
        if (this != V4_0 && this != V4_1) {
            return List.of();
        }
        return Arrays.stream(classpath.split(java.io.File.pathSeparator))
                .filter(entry -> Path.of(entry).getFileName().toString().startsWith("jamm-"))
                .findFirst()
                .map(jar -> List.of(
                        "-javaagent:" + jar, "-XX:+UnlockDiagnosticVMOptions", "-XX:+AllowArchivingWithJavaAgent"))
                .orElseThrow(() -> new IllegalStateException(this + " needs jamm on its classpath"));
    }

    /** Whether cassandra.yaml takes the keys with units in their names ({@code commitlog_sync_period_in_ms}). */
    public boolean oldYamlKeys() {
        return this == V4_0;
    }

    /** Whether the ring lives in the cluster-metadata log (6.0): the first node starts alone, the others join it. */
    public boolean clusterMetadata() {
        return this == V6_0;
    }

    /** Whether CQL has {@code system_views.gossip_info} (4.1 and later). */
    public boolean gossipInfo() {
        return this != V4_0;
    }

    @Override
    public String toString() {
        return "Cassandra " + version;
    }

    /** Lower-case identifier for directory and cluster names: {@code c40}, {@code c41}, ... */
    String id() {
        return "c" + label.replace(".", "").toLowerCase(Locale.ROOT);
    }
}
