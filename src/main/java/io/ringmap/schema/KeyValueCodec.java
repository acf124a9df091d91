package io.ringmap.schema;

import java.nio.ByteBuffer;

/**
 * Turns the text of one partition key value into the bytes Cassandra serializes it to, and back into a canonical
 * text, using the driver's codecs for every scalar value. Scalars are {@link ScalarValues}, collections, tuples and
 * UDTs are read by the {@link CqlLiteralReader}, and the canonical text is written by {@link CanonicalText}.
 *
 * <p>Input forms (values arrive as plain text, e.g. from a URL):
 * <ul>
 *   <li>text, varchar, ascii: the raw string is the value (no quotes; empty allowed); ascii rejects non-ASCII.</li>
 *   <li>int, bigint, smallint, tinyint, varint, decimal, float, double: CQL number literals ({@code 01} is 1).</li>
 *   <li>boolean: {@code true}/{@code false}, any case.</li>
 *   <li>uuid, timeuuid: the 8-4-4-4-12 hex form, optionally in single quotes; timeuuid must be version 1.</li>
 *   <li>timestamp: milliseconds since the epoch, or a CQL date-time such as {@code 2026-10-01T10:00:00Z} or
 *       {@code 2026-10-01 10:00:00+0200}; without a zone it is read as UTC.</li>
 *   <li>date: {@code yyyy-mm-dd}, or Cassandra's raw unsigned day number (2147483648 is 1970-01-01), as CQL.</li>
 *   <li>time: {@code hh:mm:ss[.fffffffff]}, or nanoseconds since midnight.</li>
 *   <li>inet: an IPv4 or IPv6 address literal; host names are rejected (never resolved).</li>
 *   <li>blob: hex bytes, {@code 0xCAFE} or bare {@code CAFE} (even number of hex digits).</li>
 *   <li>date, time, timestamp, inet also accept the CQL quoted form ({@code '2026-10-01'}).</li>
 *   <li>frozen lists, sets, maps, tuples and user-defined types: CQL literals ({@code [1, 2]}, {@code {'a': 1}},
 *       {@code (1, 'x')}, {@code {f: 1}}); inside them, text must be quoted with single quotes (doubling embedded
 *       quotes), as CQL requires. Sets and map keys are sorted by Cassandra's comparator of their type and
 *       deduplicated as Cassandra does; a map with a repeated key is rejected. A tuple may have fewer components than
 *       its type: only those given are serialized, as Cassandra does.</li>
 * </ul>
 */
public final class KeyValueCodec {

    private KeyValueCodec() {}

    /**
     * The bytes Cassandra serializes {@code value} to as a value of {@code column}'s type.
     *
     * @throws InvalidKeyValueException naming the column, the value and the expected type when the value does not
     *     parse, is null, or the type is not supported
     */
    public static byte[] serialize(KeyColumn column, String value) {
        if (value == null) {
            throw new InvalidKeyValueException(
                    column.name(), "null", column.cqlType(), "a partition key component cannot be null");
        }
        try {
            ByteBuffer bytes;
            if (ScalarValues.isScalar(column.type())) {
                bytes = ScalarValues.serialize(column.type(), value, false);
            } else {
                CqlLiteralReader reader = new CqlLiteralReader(value);
                bytes = reader.value(column.type(), false);
                if (bytes == null) {
                    throw new ValueException("a partition key component cannot be null");
                }
                reader.end();
            }
            return toArray(bytes);
        } catch (ValueException e) {
            throw new InvalidKeyValueException(column.name(), value, column.cqlType(), e.getMessage());
        }
    }

    /**
     * The canonical text of a serialized value of {@code column}'s type, in the input form {@link #serialize} accepts,
     * so that equal values get equal labels ({@code 01} and {@code 1} are both {@code 1} for an int).
     *
     * @throws IllegalArgumentException when the bytes are not a valid serialized value of that type
     */
    public static String canonicalText(KeyColumn column, byte[] serialized) {
        return CanonicalText.format(column.type(), ByteBuffer.wrap(serialized), false);
    }

    private static byte[] toArray(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return out;
    }
}
