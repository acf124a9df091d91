package io.ringmap.schema;

import com.datastax.oss.driver.api.core.type.DataType;
import java.util.Objects;

/** One partition key column: its name as Cassandra reports it and its CQL type as a driver {@link DataType}. */
public record KeyColumn(String name, DataType type) {

    public KeyColumn {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("a partition key column name must not be empty");
        }
        PartitionKeyTypes.requireAllowed(type);
    }

    /** The CQL type text, e.g. {@code int} or {@code frozen<tuple<int, text>>}. */
    public String cqlType() {
        return type.asCql(true, true);
    }
}
