package io.ringmap.schema;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A table's partition key: its columns in partition key order (the order of {@code PRIMARY KEY ((a, b), ...)}).
 *
 * @param ownPartitioner the partitioner of a table that does not use the cluster's (see {@link TablePartitioners}),
 *     or null
 */
public record TableSchema(String keyspace, String table, List<KeyColumn> partitionKey, String ownPartitioner) {

    /** A table partitioned by the cluster's partitioner. */
    public TableSchema(String keyspace, String table, List<KeyColumn> partitionKey) {
        this(keyspace, table, partitionKey, null);
    }

    public TableSchema {
        Objects.requireNonNull(keyspace, "keyspace");
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(partitionKey, "partitionKey");
        if (keyspace.isEmpty() || table.isEmpty()) {
            throw new IllegalArgumentException("keyspace and table names must not be empty");
        }
        if (partitionKey.isEmpty()) {
            throw new IllegalArgumentException(
                    "table " + keyspace + "." + table + " must have at least one partition key column");
        }
        partitionKey = List.copyOf(partitionKey);
        Set<String> names = new HashSet<>();
        for (KeyColumn c : partitionKey) {
            if (!names.add(c.name())) {
                throw new IllegalArgumentException("partition key column '" + c.name() + "' of table " + keyspace + "."
                        + table + " appears more than once");
            }
        }
    }

    /** The partition key column names, in order. */
    public List<String> columnNames() {
        return partitionKey.stream().map(KeyColumn::name).toList();
    }
}
