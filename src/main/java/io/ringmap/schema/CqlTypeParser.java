package io.ringmap.schema;

import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.DataTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Parses the CQL type of a partition key column, e.g. {@code int} or {@code frozen<tuple<text, date>>}, into a driver
 * {@link DataType}; case-insensitive and whitespace tolerant.
 *
 * <p>User-defined types cannot be expressed from a type string alone (their fields live in the schema): the live
 * topology source takes them from driver metadata instead. Types that Cassandra forbids in a primary key (duration,
 * counter, non-frozen collections) are rejected here.
 */
public final class CqlTypeParser extends TextCursor {

    private static final Map<String, DataType> PRIMITIVES = Map.ofEntries(
            Map.entry("ascii", DataTypes.ASCII),
            Map.entry("bigint", DataTypes.BIGINT),
            Map.entry("blob", DataTypes.BLOB),
            Map.entry("boolean", DataTypes.BOOLEAN),
            Map.entry("counter", DataTypes.COUNTER),
            Map.entry("date", DataTypes.DATE),
            Map.entry("decimal", DataTypes.DECIMAL),
            Map.entry("double", DataTypes.DOUBLE),
            Map.entry("duration", DataTypes.DURATION),
            Map.entry("float", DataTypes.FLOAT),
            Map.entry("inet", DataTypes.INET),
            Map.entry("int", DataTypes.INT),
            Map.entry("smallint", DataTypes.SMALLINT),
            Map.entry("text", DataTypes.TEXT),
            Map.entry("time", DataTypes.TIME),
            Map.entry("timestamp", DataTypes.TIMESTAMP),
            Map.entry("timeuuid", DataTypes.TIMEUUID),
            Map.entry("tinyint", DataTypes.TINYINT),
            Map.entry("uuid", DataTypes.UUID),
            Map.entry("varchar", DataTypes.TEXT), // varchar is an alias of text in Cassandra
            Map.entry("varint", DataTypes.VARINT));

    private CqlTypeParser(String text) {
        super(text);
    }

    /**
     * The driver type for a partition key column's CQL type text.
     *
     * @throws UnsupportedKeyTypeException naming the type text when it does not parse, names an unknown type, or
     *     names a type that cannot be part of a partition key
     */
    public static DataType parse(String cql) {
        if (cql == null || cql.isBlank()) {
            throw new UnsupportedKeyTypeException(String.valueOf(cql), "CQL type must not be empty");
        }
        CqlTypeParser parser = new CqlTypeParser(cql);
        DataType type = parser.type(false);
        parser.skipSpaces();
        if (parser.pos != cql.length()) {
            throw parser.syntax("unexpected '" + cql.substring(parser.pos) + "' after the type");
        }
        PartitionKeyTypes.requireAllowed(type);
        return type;
    }

    /** Parses one type; inside {@code frozen<>} and tuples, nested collections are frozen as in CQL. */
    private DataType type(boolean frozen) {
        skipSpaces();
        if (pos < text.length() && text.charAt(pos) == '\'') {
            throw new UnsupportedKeyTypeException(
                    text,
                    "CQL type '" + text.trim()
                            + "' is not supported in a ringmap partition key: custom types have no known serialization");
        }
        int start = pos;
        String name = identifier();
        DataType primitive = PRIMITIVES.get(name);
        if (primitive != null) {
            return primitive;
        }
        switch (name) {
            case "frozen" -> {
                expect('<');
                int innerStart = pos;
                DataType inner = type(true);
                if (PRIMITIVES.containsKey(
                        text.substring(innerStart, pos).trim().toLowerCase(Locale.ROOT))) {
                    throw syntax("frozen<> applies to collections and tuples only");
                }
                expect('>');
                return inner;
            }
            case "list" -> {
                expect('<');
                DataType element = type(true);
                expect('>');
                return DataTypes.listOf(element, frozen);
            }
            case "set" -> {
                expect('<');
                DataType element = type(true);
                expect('>');
                return DataTypes.setOf(element, frozen);
            }
            case "map" -> {
                expect('<');
                DataType key = type(true);
                expect(',');
                DataType value = type(true);
                expect('>');
                return DataTypes.mapOf(key, value, frozen);
            }
            case "tuple" -> {
                expect('<');
                List<DataType> components = new ArrayList<>();
                do {
                    components.add(type(true));
                } while (accept(','));
                expect('>');
                return DataTypes.tupleOf(components.toArray(DataType[]::new));
            }
            case "vector" ->
                throw new UnsupportedKeyTypeException(
                        text, "CQL type '" + text.trim() + "' is not supported in a ringmap partition key");
            default ->
                throw new UnsupportedKeyTypeException(
                        text,
                        "unknown CQL type '"
                                + text.substring(start, pos).trim() + "'"
                                + (text.trim().equals(text.substring(start, pos).trim())
                                        ? ""
                                        : " in '" + text.trim() + "'")
                                + " (user-defined types are only known from a live cluster's schema)");
        }
    }

    private String identifier() {
        skipSpaces();
        int start = pos;
        while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
            pos++;
        }
        if (start == pos) {
            throw syntax(pos < text.length() ? "unexpected '" + text.charAt(pos) + "'" : "a type name is missing");
        }
        return text.substring(start, pos).toLowerCase(Locale.ROOT);
    }

    @Override
    protected RuntimeException malformed(String detail) {
        return syntax(detail);
    }

    private UnsupportedKeyTypeException syntax(String detail) {
        return new UnsupportedKeyTypeException(text, "CQL type '" + text.trim() + "' does not parse: " + detail);
    }
}
