package io.ringmap.testcluster;

/** The partitioners a test cluster can be started with, by their Cassandra class names. */
public enum CassandraPartitioner {
    MURMUR3("org.apache.cassandra.dht.Murmur3Partitioner"),
    RANDOM("org.apache.cassandra.dht.RandomPartitioner"),
    BYTE_ORDERED("org.apache.cassandra.dht.ByteOrderedPartitioner");

    private final String className;

    CassandraPartitioner(String className) {
        this.className = className;
    }

    public String className() {
        return className;
    }
}
