package io.ringmap.availability;

/** Whether a request reads or writes: Cassandra counts replicas differently for each. */
public enum RequestKind {
    READ, WRITE
}
