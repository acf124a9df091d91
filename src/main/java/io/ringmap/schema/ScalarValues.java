package io.ringmap.schema;

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
import java.nio.ByteBuffer;
import java.time.ZonedDateTime;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Scalar partition key values (text, numbers, uuids, dates, inet, blob, ...): their text parsed and serialized by
 * the driver's codecs (formatted back by {@link CanonicalText}). The input forms are listed on
 * {@link KeyValueCodec}.
 */
final class ScalarValues {

    static final CodecRegistry REGISTRY = CodecRegistry.DEFAULT;
    static final ProtocolVersion PROTOCOL = ProtocolVersion.DEFAULT;
    // CQL timestamps without a zone are read in the server's zone; ringmap pins UTC so results never depend on the host
    static final TypeCodec<ZonedDateTime> TIMESTAMP_UTC = ExtraTypeCodecs.ZONED_TIMESTAMP_UTC;
    private static final Pattern UUID_TEXT =
            Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
    private static final Pattern HEX = Pattern.compile("(?:[0-9a-fA-F]{2})*");
    private static final Pattern IPV4 = Pattern.compile(
            "(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])");
    private static final Pattern IPV6 = Pattern.compile("[0-9a-fA-F:.]+");
    static final Set<DataType> QUOTED_SCALARS =
            Set.of(DataTypes.DATE, DataTypes.TIME, DataTypes.TIMESTAMP, DataTypes.INET);
    private static final Map<DataType, String> EXPECTATIONS = Map.ofEntries(
            Map.entry(DataTypes.INT, "expected a whole number between -2147483648 and 2147483647"),
            Map.entry(DataTypes.BIGINT, "expected a whole number between -9223372036854775808 and 9223372036854775807"),
            Map.entry(DataTypes.SMALLINT, "expected a whole number between -32768 and 32767"),
            Map.entry(DataTypes.TINYINT, "expected a whole number between -128 and 127"),
            Map.entry(DataTypes.VARINT, "expected a whole number"),
            Map.entry(DataTypes.DECIMAL, "expected a decimal number such as 12.50 or 1.2E3"),
            Map.entry(DataTypes.FLOAT, "expected a floating-point number such as 1.5, NaN or Infinity"),
            Map.entry(DataTypes.DOUBLE, "expected a floating-point number such as 1.5, NaN or Infinity"),
            Map.entry(DataTypes.BOOLEAN, "expected true or false"),
            Map.entry(DataTypes.UUID, "expected a UUID such as 123e4567-e89b-12d3-a456-426614174000"),
            Map.entry(
                    DataTypes.TIMEUUID,
                    "expected a version 1 (time-based) UUID such as 50554d6e-29bb-11e5-b345-feff819cdc9f"),
            Map.entry(
                    DataTypes.TIMESTAMP,
                    "expected a date-time such as 2026-10-01T10:00:00Z (UTC when no zone is"
                            + " given) or milliseconds since 1970-01-01T00:00:00Z"),
            Map.entry(
                    DataTypes.DATE,
                    "expected a date such as 2026-10-01, or Cassandra's unsigned day number"
                            + " (2147483648 is 1970-01-01)"),
            Map.entry(
                    DataTypes.TIME,
                    "expected a time of day such as 10:00:00 or 10:00:00.123456789,"
                            + " or nanoseconds since midnight"),
            Map.entry(DataTypes.INET, "expected an IPv4 or IPv6 address such as 127.0.0.1 or ::1"),
            Map.entry(DataTypes.BLOB, "expected hexadecimal bytes such as 0xCAFE"),
            Map.entry(DataTypes.ASCII, "expected US-ASCII characters only"),
            Map.entry(DataTypes.TEXT, "expected UTF-8 text"));

    private ScalarValues() {}

    static boolean isScalar(DataType type) {
        return !(type instanceof ListType
                || type instanceof SetType
                || type instanceof MapType
                || type instanceof TupleType
                || type instanceof UserDefinedType);
    }

    /** One scalar value; {@code nested} when inside a collection literal, where text values must be quoted. */
    static ByteBuffer serialize(DataType type, String raw, boolean nested) {
        if (DataTypes.TEXT.equals(type) || DataTypes.ASCII.equals(type)) {
            if (nested && !isQuoted(raw.strip())) {
                // CQL rejects an unquoted string inside a literal; guessing where it ends would hash another key
                throw new ValueException("text inside a collection, tuple or UDT literal must be quoted as in CQL"
                        + " ('" + raw.strip().replace("'", "''") + "')");
            }
            String s = nested ? unquote(raw.strip()) : raw;
            if (DataTypes.ASCII.equals(type) && !s.chars().allMatch(c -> c < 0x80)) {
                throw new ValueException("contains characters outside US-ASCII");
            }
            return REGISTRY.codecFor(type, String.class).encode(s, PROTOCOL);
        }
        String s = raw.strip();
        if (s.isEmpty() || s.equalsIgnoreCase("null")) {
            throw new ValueException(
                    s.isEmpty()
                            ? "the value is empty; " + expectation(type)
                            : "a partition key component cannot be null");
        }
        if (DataTypes.TIMESTAMP.equals(type)) {
            return TIMESTAMP_UTC.encode(timestamp(s), PROTOCOL);
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
            if (!IPV4.matcher(address).matches()
                    && !(address.contains(":") && IPV6.matcher(address).matches())) {
                throw new ValueException(expectation(type));
            }
            parsed = parse(codec, type, quote(address));
        } else if (QUOTED_SCALARS.contains(type)) {
            parsed = parseRetryingQuoted(codec, type, s);
        } else if (EXPECTATIONS.containsKey(type)) {
            parsed = parse(codec, type, s);
        } else {
            throw new ValueException(
                    "CQL type " + type.asCql(true, true) + " is not supported in a ringmap partition key");
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
    /**
     * A timestamp as Cassandra reads it: the codec's reading, except for text on a day before 1582-10-15, which the
     * codec reads in the Julian calendar (or refuses, for 1582-10-05 to 1582-10-14) and Cassandra in the Gregorian.
     */
    private static ZonedDateTime timestamp(String s) {
        String text = isQuoted(s) ? unquote(s) : s;
        ZonedDateTime t;
        try {
            t = parseRetryingQuoted(TIMESTAMP_UTC, DataTypes.TIMESTAMP, s);
        } catch (ValueException refused) {
            ZonedDateTime early = earlyOrNull(text);
            if (early == null) {
                throw refused;
            }
            return early;
        }
        return GregorianDateTimes.readAgain(t)
                        && !WHOLE_NUMBER.matcher(text.strip()).matches()
                ? GregorianDateTimes.read(text)
                : t;
    }

    private static ZonedDateTime earlyOrNull(String text) {
        try {
            ZonedDateTime t = GregorianDateTimes.read(text);
            return GregorianDateTimes.readAgain(t) ? t : null;
        } catch (ValueException e) {
            return null;
        }
    }

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
    static TypeCodec<Object> codec(DataType type) {
        return (TypeCodec<Object>) (TypeCodec<?>) REGISTRY.codecFor(type);
    }

    private static String expectation(DataType type) {
        return EXPECTATIONS.getOrDefault(type, "expected a " + type.asCql(true, true) + " value");
    }

    // ---- CQL quoting

    static boolean isQuoted(String s) {
        return s.length() >= 2 && s.charAt(0) == '\'' && s.charAt(s.length() - 1) == '\'';
    }

    static String unquote(String s) {
        return s.substring(1, s.length() - 1).replace("''", "'");
    }

    static String quote(String s) {
        return "'" + s.replace("'", "''") + "'";
    }
}
