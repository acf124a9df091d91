package io.ringmap.replication;

/** A keyspace's replication settings name a strategy ringmap cannot place, or options it cannot read. */
public class UnsupportedReplicationException extends IllegalArgumentException {

    public UnsupportedReplicationException(String message) {
        super(message);
    }
}
