package io.ringmap.hotkeys;

import java.util.Objects;

/** A table whose partition keys are tracked: keyspace and table name as Cassandra reports them. */
public record TableId(String keyspace, String table) {

    public TableId {
        Objects.requireNonNull(keyspace, "keyspace must not be null");
        Objects.requireNonNull(table, "table must not be null");
        if (keyspace.isEmpty()) {
            throw new IllegalArgumentException("keyspace must not be empty");
        }
        if (table.isEmpty()) {
            throw new IllegalArgumentException("table must not be empty");
        }
    }

    @Override
    public String toString() {
        return keyspace + "." + table;
    }
}
