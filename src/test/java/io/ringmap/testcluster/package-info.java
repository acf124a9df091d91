/**
 * A local harness of real Cassandra 5.0.9 clusters for integration tests and developers, without Docker: every node
 * is a separate JVM ({@code org.apache.cassandra.service.CassandraDaemon}) listening on its own loopback address
 * 127.0.0.N (CQL 9042, storage 7000, JMX {@code 7198 + N} on 127.0.0.1).
 *
 * <p>The server classpath is resolved apart from the service's by {@code src/test/cassandra/pom.xml} into
 * {@code target/cassandra/classpath.txt} ({@code ./mvnw verify} does this in pre-integration-test). Node files
 * (generated cassandra.yaml, cassandra-rackdc.properties, logback.xml, jvm.args, data and logs) live under
 * {@code target/cassandra-clusters/<spec>/<address>/}.
 *
 * <p>In tests: {@code @CassandraClusterTest(StandardCluster.TWO_DC)} on an {@code *IT} class and a
 * {@link io.ringmap.testcluster.CassandraCluster} parameter, or
 * {@code @RegisterExtension static CassandraClusterExtension c = CassandraClusterExtension.perClass(spec)}.
 * Such a class also carries {@code @ResourceLock(providers = ClusterLocks.class)}, so that JUnit could run it beside
 * another class only when their clusters share no address (parallel classes are off in the pom for now); {@link io.ringmap.testcluster.ClusterPlan} reads the test
 * plan so a shared cluster stops after the last class that uses it, in any class order.
 * By hand: {@code scripts/local-cluster.sh start|status|stop [SPEC]}.
 *
 * <p>System properties: {@code ringmap.cassandra.heap.min}/{@code .heap.max} (256m/512m),
 * {@code ringmap.cassandra.start-timeout} (seconds, 240), {@code ringmap.cassandra.max-running-nodes} (8),
 * {@code ringmap.cassandra.jvm-options} (extra node JVM options), {@code ringmap.cassandra.cds} (true),
 * {@code ringmap.cassandra.dir} (target/cassandra-clusters), {@code ringmap.cassandra.classpath.file}.
 */
package io.ringmap.testcluster;
