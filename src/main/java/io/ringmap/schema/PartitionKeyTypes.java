package io.ringmap.schema;

import com.datastax.oss.driver.api.core.type.CustomType;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.MapType;
import com.datastax.oss.driver.api.core.type.SetType;
import com.datastax.oss.driver.api.core.type.TupleType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import com.datastax.oss.driver.api.core.type.VectorType;

/** Which CQL types may appear in a partition key, as Cassandra decides and as ringmap supports. */
final class PartitionKeyTypes {

    private PartitionKeyTypes() {}

    /** Throws {@link UnsupportedKeyTypeException} unless {@code type} can be a partition key column's type. */
    static void requireAllowed(DataType type) {
        String cql = type.asCql(true, true);
        if (type instanceof ListType
                || type instanceof SetType
                || type instanceof MapType
                || type instanceof UserDefinedType) {
            if (!isFrozen(type)) {
                // mirrors Cassandra's CreateTableStatement: "Invalid non-frozen collection type for PRIMARY KEY"
                throw new UnsupportedKeyTypeException(
                        cql,
                        "CQL type '" + cql
                                + "' cannot be part of a partition key: collections and user-defined types must be frozen,"
                                + " e.g. frozen<" + cql + ">");
            }
        }
        requireAllowedInside(type, cql);
    }

    private static void requireAllowedInside(DataType type, String outer) {
        if (DataTypes.DURATION.equals(type)) {
            // Cassandra rejects duration anywhere in a primary key, including inside tuples and collections
            throw new UnsupportedKeyTypeException(
                    outer,
                    "CQL type '" + outer
                            + "' cannot be part of a partition key: Cassandra does not allow duration in a primary key");
        }
        if (DataTypes.COUNTER.equals(type)) {
            throw new UnsupportedKeyTypeException(
                    outer,
                    "CQL type '" + outer
                            + "' cannot be part of a partition key: counter columns cannot be primary key columns");
        }
        if (type instanceof CustomType || type instanceof VectorType) {
            throw new UnsupportedKeyTypeException(
                    outer, "CQL type '" + outer + "' is not supported in a ringmap partition key");
        }
        if (type instanceof ListType l) {
            requireAllowedInside(l.getElementType(), outer);
        } else if (type instanceof SetType s) {
            requireAllowedInside(s.getElementType(), outer);
        } else if (type instanceof MapType m) {
            requireAllowedInside(m.getKeyType(), outer);
            requireAllowedInside(m.getValueType(), outer);
        } else if (type instanceof TupleType t) {
            t.getComponentTypes().forEach(c -> requireAllowedInside(c, outer));
        } else if (type instanceof UserDefinedType u) {
            u.getFieldTypes().forEach(c -> requireAllowedInside(c, outer));
        }
    }

    private static boolean isFrozen(DataType type) {
        if (type instanceof ListType l) {
            return l.isFrozen();
        }
        if (type instanceof SetType s) {
            return s.isFrozen();
        }
        if (type instanceof MapType m) {
            return m.isFrozen();
        }
        if (type instanceof UserDefinedType u) {
            return u.isFrozen();
        }
        return true;
    }
}
