package io.ringmap.schema;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.MapType;
import com.datastax.oss.driver.api.core.type.SetType;
import com.datastax.oss.driver.api.core.type.TupleType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import com.datastax.oss.driver.api.core.type.codec.ExtraTypeCodecs;
import com.datastax.oss.driver.api.core.type.codec.TypeCodec;
import com.datastax.oss.driver.api.core.type.codec.registry.CodecRegistry;
import io.ringmap.cql.CqlIdentifiers;
import java.nio.ByteBuffer;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Turns the text of one partition key value into the bytes Cassandra serializes it to, and back into a canonical
 * text, using the driver's codecs for every scalar value.
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
 *       {@code (1, 'x')}, {@code {f: 1}}); inside them, quote text with single quotes (doubling embedded quotes)
 *       and quote any value containing a comma, colon or bracket. Sets and map keys are sorted and deduplicated as
 *       Cassandra does.</li>
 * </ul>
 */
public final class KeyValueCodec {

    private static final CodecRegistry REGISTRY = CodecRegistry.DEFAULT;
    private static final ProtocolVersion PROTOCOL = ProtocolVersion.DEFAULT;
    // CQL timestamps without a zone are read in the server's zone; ringmap pins UTC so results never depend on the host
    private static final TypeCodec<ZonedDateTime> TIMESTAMP_UTC = ExtraTypeCodecs.ZONED_TIMESTAMP_UTC;
    private static final Pattern UUID_TEXT = Pattern.compile(
            "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
    private static final Pattern HEX = Pattern.compile("(?:[0-9a-fA-F]{2})*");
    private static final Pattern IPV4 = Pattern.compile(
            "(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])");
    private static final Pattern IPV6 = Pattern.compile("[0-9a-fA-F:.]+");
    private static final Set<DataType> QUOTED_SCALARS = Set.of(
            DataTypes.DATE, DataTypes.TIME, DataTypes.TIMESTAMP, DataTypes.INET);
    private static final Map<DataType, String> EXPECTATIONS = Map.ofEntries(
            Map.entry(DataTypes.INT, "expected a whole number between -2147483648 and 2147483647"),
            Map.entry(DataTypes.BIGINT,
                    "expected a whole number between -9223372036854775808 and 9223372036854775807"),
            Map.entry(DataTypes.SMALLINT, "expected a whole number between -32768 and 32767"),
            Map.entry(DataTypes.TINYINT, "expected a whole number between -128 and 127"),
            Map.entry(DataTypes.VARINT, "expected a whole number"),
            Map.entry(DataTypes.DECIMAL, "expected a decimal number such as 12.50 or 1.2E3"),
            Map.entry(DataTypes.FLOAT, "expected a floating-point number such as 1.5, NaN or Infinity"),
            Map.entry(DataTypes.DOUBLE, "expected a floating-point number such as 1.5, NaN or Infinity"),
            Map.entry(DataTypes.BOOLEAN, "expected true or false"),
            Map.entry(DataTypes.UUID, "expected a UUID such as 123e4567-e89b-12d3-a456-426614174000"),
            Map.entry(DataTypes.TIMEUUID,
                    "expected a version 1 (time-based) UUID such as 50554d6e-29bb-11e5-b345-feff819cdc9f"),
            Map.entry(DataTypes.TIMESTAMP, "expected a date-time such as 2026-10-01T10:00:00Z (UTC when no zone is"
                    + " given) or milliseconds since 1970-01-01T00:00:00Z"),
            Map.entry(DataTypes.DATE, "expected a date such as 2026-10-01, or Cassandra's unsigned day number"
                    + " (2147483648 is 1970-01-01)"),
            Map.entry(DataTypes.TIME, "expected a time of day such as 10:00:00 or 10:00:00.123456789,"
                    + " or nanoseconds since midnight"),
            Map.entry(DataTypes.INET, "expected an IPv4 or IPv6 address such as 127.0.0.1 or ::1"),
            Map.entry(DataTypes.BLOB, "expected hexadecimal bytes such as 0xCAFE"),
            Map.entry(DataTypes.ASCII, "expected US-ASCII characters only"),
            Map.entry(DataTypes.TEXT, "expected UTF-8 text"));

    private KeyValueCodec() {
    }

    /**
     * The bytes Cassandra serializes {@code value} to as a value of {@code column}'s type.
     *
     * @throws InvalidKeyValueException naming the column, the value and the expected type when the value does not
     *     parse, is null, or the type is not supported
     */
    public static byte[] serialize(KeyColumn column, String value) {
        if (value == null) {
            throw new InvalidKeyValueException(column.name(), "null", column.cqlType(),
                    "a partition key component cannot be null");
        }
        try {
            ByteBuffer bytes;
            if (isScalar(column.type())) {
                bytes = scalar(column.type(), value, false);
            } else {
                LiteralReader reader = new LiteralReader(value);
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
        return format(column.type(), ByteBuffer.wrap(serialized), false);
    }

    // ---- scalars

    private static boolean isScalar(DataType type) {
        return !(type instanceof ListType || type instanceof SetType || type instanceof MapType
                || type instanceof TupleType || type instanceof UserDefinedType);
    }

    /** One scalar value; {@code nested} when inside a collection literal, where text values may be quoted. */
    private static ByteBuffer scalar(DataType type, String raw, boolean nested) {
        if (DataTypes.TEXT.equals(type) || DataTypes.ASCII.equals(type)) {
            String s = nested && isQuoted(raw) ? unquote(raw) : raw;
            if (DataTypes.ASCII.equals(type) && !s.chars().allMatch(c -> c < 0x80)) {
                throw new ValueException("contains characters outside US-ASCII");
            }
            return REGISTRY.codecFor(type, String.class).encode(s, PROTOCOL);
        }
        String s = raw.strip();
        if (s.isEmpty() || s.equalsIgnoreCase("null")) {
            throw new ValueException(s.isEmpty() ? "the value is empty; " + expectation(type)
                    : "a partition key component cannot be null");
        }
        if (DataTypes.TIMESTAMP.equals(type)) {
            ZonedDateTime t = parseRetryingQuoted(TIMESTAMP_UTC, type, s);
            return TIMESTAMP_UTC.encode(t, PROTOCOL);
        }
        TypeCodec<Object> codec = codec(type);
        Object parsed;
        if (DataTypes.UUID.equals(type) || DataTypes.TIMEUUID.equals(type)) {
            String u = isQuoted(s) ? unquote(s) : s;
            if (!UUID_TEXT.matcher(u).matches()) { // UUID.fromString alone also takes short forms like 1-2-3-4-5
                throw new ValueException(expectation(type));
            }
            parsed = parse(codec, type, u);
        } else if (DataTypes.BLOB.equals(type)) {
            String hex = s.startsWith("0x") || s.startsWith("0X") ? s.substring(2) : s;
            if (!HEX.matcher(hex).matches()) {
                throw new ValueException(expectation(type));
            }
            parsed = parse(codec, type, "0x" + hex);
        } else if (DataTypes.INET.equals(type)) {
            String address = isQuoted(s) ? unquote(s).strip() : s;
            // the driver resolves host names; only address literals are accepted so a value never triggers DNS
            if (!IPV4.matcher(address).matches() && !(address.contains(":") && IPV6.matcher(address).matches())) {
                throw new ValueException(expectation(type));
            }
            parsed = parse(codec, type, quote(address));
        } else if (QUOTED_SCALARS.contains(type)) {
            parsed = parseRetryingQuoted(codec, type, s);
        } else if (EXPECTATIONS.containsKey(type)) {
            parsed = parse(codec, type, s);
        } else {
            throw new ValueException("CQL type " + type.asCql(true, true)
                    + " is not supported in a ringmap partition key");
        }
        if (parsed == null) {
            throw new ValueException("a partition key component cannot be null");
        }
        try {
            return codec.encode(parsed, PROTOCOL);
        } catch (IllegalArgumentException e) {
            throw new ValueException(expectation(type)); // e.g. a timeuuid that is not version 1
        }
    }

    private static final Pattern WHOLE_NUMBER = Pattern.compile("-?[0-9]+");

    /**
     * CQL needs quotes around the textual forms of these types and none around their numeric forms; values from a
     * URL have none, so a non-numeric value is quoted before the one parse (no exception-driven retry on the
     * request path).
     */
    private static <T> T parseRetryingQuoted(TypeCodec<T> codec, DataType type, String s) {
        if (isQuoted(s)) {
            return nonNull(parse(codec, type, s), type);
        }
        // the likely form first, so the request path normally parses once without an exception
        boolean numeric = WHOLE_NUMBER.matcher(s).matches();
        String first = numeric ? s : quote(s);
        String second = numeric ? quote(s) : s;
        try {
            T value = codec.parse(first);
            if (value != null) {
                return value;
            }
        } catch (IllegalArgumentException | java.time.DateTimeException e) {
            // fall through to the other form
        }
        return nonNull(parse(codec, type, second), type);
    }

    private static <T> T nonNull(T value, DataType type) {
        if (value == null) {
            throw new ValueException(expectation(type));
        }
        return value;
    }

    private static <T> T parse(TypeCodec<T> codec, DataType type, String s) {
        try {
            return codec.parse(s);
        } catch (IllegalArgumentException | java.time.DateTimeException e) {
            throw new ValueException(expectation(type));
        }
    }

    @SuppressWarnings("unchecked")
    private static TypeCodec<Object> codec(DataType type) {
        return (TypeCodec<Object>) (TypeCodec<?>) REGISTRY.codecFor(type);
    }

    private static String expectation(DataType type) {
        return EXPECTATIONS.getOrDefault(type, "expected a " + type.asCql(true, true) + " value");
    }

    // ---- collection, tuple and UDT literals

    /** Reads a CQL literal and serializes it, composing the driver's scalar encodings with Cassandra's framing. */
    private static final class LiteralReader extends TextCursor {


        LiteralReader(String text) {
            super(text);
        }

        /** The serialized value, or null for a {@code null} literal; {@code key} when a ':' ends a bare value. */
        ByteBuffer value(DataType type, boolean key) {
            skipSpaces();
            if (type instanceof ListType l) {
                return collection(elements('[', ']', l.getElementType()));
            }
            if (type instanceof SetType s) {
                return collection(sorted(elements('{', '}', s.getElementType()), s.getElementType()));
            }
            if (type instanceof MapType m) {
                return map(m);
            }
            if (type instanceof TupleType t) {
                return tuple(t);
            }
            if (type instanceof UserDefinedType u) {
                return udt(u);
            }
            String raw = bare(key);
            if (raw.strip().equalsIgnoreCase("null")) {
                return null;
            }
            try {
                return scalar(type, raw, true);
            } catch (ValueException e) {
                throw new ValueException(type.asCql(true, true) + " element '" + raw.strip() + "' is invalid: "
                        + e.getMessage());
            }
        }

        void end() {
            skipSpaces();
            if (pos != text.length()) {
                throw error("unexpected '" + text.substring(pos) + "' after the value");
            }
        }

        private List<ByteBuffer> elements(char open, char close, DataType elementType) {
            expect(open);
            List<ByteBuffer> out = new ArrayList<>();
            if (accept(close)) {
                return out;
            }
            do {
                out.add(notNull(value(elementType, false), "a collection element cannot be null"));
            } while (accept(','));
            expect(close);
            return out;
        }

        private List<ByteBuffer> sorted(List<ByteBuffer> elements, DataType elementType) {
            if (elements.size() < 2) {
                return elements;
            }
            TreeMap<ByteBuffer, ByteBuffer> set = new TreeMap<>(comparator(elementType, "set elements"));
            elements.forEach(e -> set.putIfAbsent(e, e)); // mirrors Sets.Literal: a sorted set, duplicates dropped
            return new ArrayList<>(set.keySet());
        }

        private ByteBuffer map(MapType type) {
            expect('{');
            List<ByteBuffer[]> entries = new ArrayList<>();
            if (!accept('}')) {
                do {
                    ByteBuffer k = notNull(value(type.getKeyType(), true), "a map key cannot be null");
                    expect(':');
                    ByteBuffer v = notNull(value(type.getValueType(), false), "a map value cannot be null");
                    entries.add(new ByteBuffer[] {k, v});
                } while (accept(','));
                expect('}');
            }
            if (entries.size() > 1) {
                TreeMap<ByteBuffer, ByteBuffer> sorted = new TreeMap<>(comparator(type.getKeyType(), "map keys"));
                for (ByteBuffer[] e : entries) {
                    if (sorted.put(e[0], e[1]) != null) {
                        throw error("the map has a duplicate key");
                    }
                }
                entries.clear();
                sorted.forEach((k, v) -> entries.add(new ByteBuffer[] {k, v}));
            }
            List<ByteBuffer> flat = new ArrayList<>();
            entries.forEach(e -> {
                flat.add(e[0]);
                flat.add(e[1]);
            });
            return framed(entries.size(), flat, true);
        }

        private ByteBuffer tuple(TupleType type) {
            expect('(');
            List<DataType> types = type.getComponentTypes();
            List<ByteBuffer> values = new ArrayList<>();
            do {
                if (values.size() == types.size()) {
                    throw error("the tuple has more than " + types.size() + " components");
                }
                values.add(value(types.get(values.size()), false));
            } while (accept(','));
            expect(')');
            if (values.size() != types.size()) {
                throw error("the tuple has " + values.size() + " components, expected " + types.size());
            }
            return framed(-1, values, false);
        }

        private ByteBuffer udt(UserDefinedType type) {
            expect('{');
            List<CqlIdentifier> names = type.getFieldNames();
            ByteBuffer[] values = new ByteBuffer[names.size()];
            boolean[] seen = new boolean[names.size()];
            if (!accept('}')) {
                do {
                    String name = bare(true).strip();
                    int i = name.isEmpty() ? -1 : type.firstIndexOf(CqlIdentifier.fromCql(name));
                    if (i < 0) {
                        throw error("'" + name + "' is not a field of " + type.asCql(false, true)
                                + "; fields are " + names.stream().map(n -> n.asCql(true)).toList());
                    }
                    if (seen[i]) {
                        throw error("field '" + name + "' is given twice");
                    }
                    seen[i] = true;
                    expect(':');
                    values[i] = value(type.getFieldTypes().get(i), false);
                } while (accept(','));
                expect('}');
            }
            // fields left out are null, as in a CQL user type literal
            return framed(-1, Arrays.asList(values), false);
        }

        private Comparator<ByteBuffer> comparator(DataType type, String what) {
            Comparator<ByteBuffer> c = CassandraOrder.of(type);
            if (c == null) {
                throw error("ringmap cannot yet order " + what + " of type " + type.asCql(true, true)
                        + " the way Cassandra does; give at most one");
            }
            return c;
        }

        /** A bare scalar: a quoted string, or everything up to the next delimiter. */
        private String bare(boolean key) {
            skipSpaces();
            int start = pos;
            if (pos < text.length() && text.charAt(pos) == '\'') {
                pos++;
                while (true) {
                    if (pos >= text.length()) {
                        throw error("a quoted string is not closed");
                    }
                    if (text.charAt(pos) == '\'') {
                        if (pos + 1 < text.length() && text.charAt(pos + 1) == '\'') {
                            pos += 2;
                            continue;
                        }
                        pos++;
                        break;
                    }
                    pos++;
                }
                return text.substring(start, pos);
            }
            if (pos < text.length() && text.charAt(pos) == '"' && key) {
                int close = text.indexOf('"', pos + 1);
                while (close >= 0 && close + 1 < text.length() && text.charAt(close + 1) == '"') {
                    close = text.indexOf('"', close + 2);
                }
                if (close < 0) {
                    throw error("a quoted field name is not closed");
                }
                pos = close + 1;
                return text.substring(start, pos);
            }
            while (pos < text.length() && ",]})".indexOf(text.charAt(pos)) < 0
                    && "[{(".indexOf(text.charAt(pos)) < 0 && !(key && text.charAt(pos) == ':')) {
                pos++;
            }
            if (start == pos) {
                throw error(pos < text.length() ? "unexpected '" + text.charAt(pos) + "' at position " + pos
                        : "a value is missing at the end");
            }
            return text.substring(start, pos);
        }

        private ByteBuffer notNull(ByteBuffer b, String message) {
            if (b == null) {
                throw error(message);
            }
            return b;
        }

        @Override
        protected RuntimeException malformed(String detail) {
            return error(detail);
        }

        private ValueException error(String message) {
            return new ValueException(message);
        }
    }

    /** Cassandra's framing, protocol v3+: [count] then per value a 4-byte length (-1 for null) and its bytes. */
    private static ByteBuffer framed(int count, List<ByteBuffer> values, boolean withCount) {
        int size = withCount ? 4 : 0;
        for (ByteBuffer v : values) {
            size += 4 + (v == null ? 0 : v.remaining());
        }
        ByteBuffer out = ByteBuffer.allocate(size);
        if (withCount) {
            out.putInt(count);
        }
        for (ByteBuffer v : values) {
            if (v == null) {
                out.putInt(-1);
            } else {
                out.putInt(v.remaining());
                out.put(v.duplicate());
            }
        }
        return out.flip();
    }

    private static ByteBuffer collection(List<ByteBuffer> elements) {
        return framed(elements.size(), elements, true);
    }

    // ---- canonical text

    private static String format(DataType type, ByteBuffer bytes, boolean nested) {
        if (bytes == null) {
            return "null";
        }
        if (type instanceof ListType l) {
            return join("[", unframe(bytes, true, -1), "]", l.getElementType());
        }
        if (type instanceof SetType s) {
            return join("{", unframe(bytes, true, -1), "}", s.getElementType());
        }
        if (type instanceof MapType m) {
            List<ByteBuffer> kv = unframe(bytes, true, 2);
            StringBuilder sb = new StringBuilder("{");
            for (int i = 0; i < kv.size(); i += 2) {
                sb.append(i == 0 ? "" : ", ").append(format(m.getKeyType(), kv.get(i), true)).append(": ")
                        .append(format(m.getValueType(), kv.get(i + 1), true));
            }
            return sb.append('}').toString();
        }
        if (type instanceof TupleType t) {
            List<ByteBuffer> parts = unframe(bytes, false, 1);
            StringBuilder sb = new StringBuilder("(");
            for (int i = 0; i < parts.size(); i++) {
                sb.append(i == 0 ? "" : ", ").append(format(t.getComponentTypes().get(i), parts.get(i), true));
            }
            return sb.append(')').toString();
        }
        if (type instanceof UserDefinedType u) {
            List<ByteBuffer> parts = unframe(bytes, false, 1);
            StringBuilder sb = new StringBuilder("{");
            for (int i = 0; i < parts.size(); i++) {
                // field names quoted as Cassandra 5.0 needs them (its reserved keywords, not the driver's list)
                sb.append(i == 0 ? "" : ", ")
                        .append(CqlIdentifiers.identifier(u.getFieldNames().get(i).asInternal())).append(": ")
                        .append(format(u.getFieldTypes().get(i), parts.get(i), true));
            }
            return sb.append('}').toString();
        }
        if (DataTypes.TEXT.equals(type) || DataTypes.ASCII.equals(type)) {
            String s = REGISTRY.codecFor(type, String.class).decode(bytes, PROTOCOL);
            return nested ? quote(s) : s;
        }
        String text;
        if (DataTypes.TIMESTAMP.equals(type)) {
            text = TIMESTAMP_UTC.format(TIMESTAMP_UTC.decode(bytes, PROTOCOL));
        } else {
            TypeCodec<Object> codec = codec(type);
            text = codec.format(codec.decode(bytes, PROTOCOL));
        }
        return !nested && QUOTED_SCALARS.contains(type) && isQuoted(text) ? unquote(text) : text;
    }

    private static String join(String open, List<ByteBuffer> elements, String close, DataType type) {
        StringBuilder sb = new StringBuilder(open);
        for (int i = 0; i < elements.size(); i++) {
            sb.append(i == 0 ? "" : ", ").append(format(type, elements.get(i), true));
        }
        return sb.append(close).toString();
    }

    /** Splits framed bytes into values; {@code perCount} values per counted item (2 for maps). */
    private static List<ByteBuffer> unframe(ByteBuffer bytes, boolean withCount, int perCount) {
        ByteBuffer in = bytes.duplicate();
        try {
            int n = withCount ? in.getInt() * Math.max(perCount, 1) : Integer.MAX_VALUE;
            List<ByteBuffer> out = new ArrayList<>();
            while (out.size() < n && in.hasRemaining()) {
                int len = in.getInt();
                if (len < 0) {
                    out.add(null);
                } else {
                    ByteBuffer v = in.slice();
                    v.limit(len);
                    in.position(in.position() + len);
                    out.add(v);
                }
            }
            if (withCount && out.size() != n || in.hasRemaining()) {
                throw new IllegalArgumentException("malformed serialized value");
            }
            return out;
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("malformed serialized value", e);
        }
    }

    // ---- helpers

    private static boolean isQuoted(String s) {
        return s.length() >= 2 && s.charAt(0) == '\'' && s.charAt(s.length() - 1) == '\'';
    }

    private static String unquote(String s) {
        return s.substring(1, s.length() - 1).replace("''", "'");
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "''") + "'";
    }

    private static byte[] toArray(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return out;
    }

    /** A reason a value is invalid; turned into an {@link InvalidKeyValueException} naming the column. */
    private static final class ValueException extends RuntimeException {

        ValueException(String reason) {
            super(reason, null, false, false);
        }
    }
}
