package io.ringmap.consistency;

/** Whether a request reads or writes: Cassandra counts replicas differently for each. */
public enum RequestKind {
    READ,
    WRITE
}
