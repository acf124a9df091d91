package io.ringmap.ring;

import java.util.Objects;

/**
 * A table by keyspace and name, as Cassandra spells them: the one name of a table in hot keys, the heatmap, sizes and
 * the peers' messages ({@code schema.TableSchema} is a table's partition key, not its name).
 */
public record TableName(String keyspace, String table) implements Comparable<TableName> {

    public TableName {
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
    public int compareTo(TableName o) {
        int c = keyspace.compareTo(o.keyspace);
        return c != 0 ? c : table.compareTo(o.table);
    }

    /** {@code keyspace.table}. */
    @Override
    public String toString() {
        return keyspace + "." + table;
    }
}
