package io.ringmap.sizes;

import java.util.Objects;

/** A table by keyspace and name, as Cassandra spells them. */
public record TableName(String keyspace, String table) implements Comparable<TableName> {

    public TableName {
        Objects.requireNonNull(keyspace, "keyspace");
        Objects.requireNonNull(table, "table");
    }

    @Override
    public int compareTo(TableName o) {
        int c = keyspace.compareTo(o.keyspace);
        return c != 0 ? c : table.compareTo(o.table);
    }

    @Override
    public String toString() {
        return keyspace + "." + table;
    }
}
