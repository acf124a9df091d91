package io.ringmap.conformance;

import com.datastax.oss.driver.api.core.data.UdtValue;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.MapType;
import com.datastax.oss.driver.api.core.type.SetType;
import com.datastax.oss.driver.api.core.type.TupleType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;

/**
 * Driver Java values of partition key types for the token conformance test: seeded random values and the edge cases
 * where a hand-written partitioner goes wrong (Murmur3 tail bytes >= 0x80 at every length, sign bytes of varints,
 * NaN and -0.0, dates and timestamps far from the epoch, empty values where Cassandra allows them).
 */
final class KeyValues {

    /** Code points of 1, 2, 3 and 4 UTF-8 bytes, so text tails carry bytes >= 0x80. */
    private static final int[] WIDE = {'a', 'é', 'ÿ', '€', '中', 0x1F600, 0x10348, '\u0000', '\u007f', 0xFFFD};

    static final long MAX_TIME_NANOS = 86_399_999_999_999L;

    private KeyValues() {}

    /** A random value of {@code type}; empty text and blobs only when {@code allowEmpty}. */
    static Object random(DataType type, Random rnd, boolean allowEmpty) {
        if (DataTypes.TEXT.equals(type)) {
            return randomText(rnd, allowEmpty ? rnd.nextInt(41) : 1 + rnd.nextInt(40), false);
        }
        if (DataTypes.ASCII.equals(type)) {
            return randomText(rnd, allowEmpty ? rnd.nextInt(41) : 1 + rnd.nextInt(40), true);
        }
        if (DataTypes.INT.equals(type)) {
            return rnd.nextInt();
        }
        if (DataTypes.BIGINT.equals(type)) {
            return rnd.nextLong();
        }
        if (DataTypes.SMALLINT.equals(type)) {
            return (short) rnd.nextInt();
        }
        if (DataTypes.TINYINT.equals(type)) {
            return (byte) rnd.nextInt();
        }
        if (DataTypes.VARINT.equals(type)) {
            BigInteger v = new BigInteger(rnd.nextInt(300), rnd);
            return rnd.nextBoolean() ? v.negate() : v;
        }
        if (DataTypes.DECIMAL.equals(type)) {
            BigInteger unscaled = new BigInteger(rnd.nextInt(200), rnd);
            return new BigDecimal(rnd.nextBoolean() ? unscaled.negate() : unscaled, rnd.nextInt(81) - 40);
        }
        if (DataTypes.FLOAT.equals(type)) {
            // any bit pattern, but one NaN: NaN payloads have no text form, CQL's NaN is the canonical one
            float f = Float.intBitsToFloat(rnd.nextInt());
            return Float.isNaN(f) ? Float.NaN : f;
        }
        if (DataTypes.DOUBLE.equals(type)) {
            double d = Double.longBitsToDouble(rnd.nextLong());
            return Double.isNaN(d) ? Double.NaN : d;
        }
        if (DataTypes.BOOLEAN.equals(type)) {
            return rnd.nextBoolean();
        }
        if (DataTypes.UUID.equals(type)) {
            return new UUID(rnd.nextLong(), rnd.nextLong());
        }
        if (DataTypes.TIMEUUID.equals(type)) {
            return timeuuid(rnd.nextLong(), rnd.nextLong());
        }
        if (DataTypes.TIMESTAMP.equals(type)) {
            long millis = rnd.nextBoolean() ? rnd.nextLong() : rnd.nextLong() % 10_000_000_000_000L;
            return Instant.ofEpochMilli(millis);
        }
        if (DataTypes.DATE.equals(type)) {
            return LocalDate.ofEpochDay(rnd.nextBoolean() ? rnd.nextInt() : rnd.nextInt(200_000) - 100_000);
        }
        if (DataTypes.TIME.equals(type)) {
            return LocalTime.ofNanoOfDay(Math.floorMod(rnd.nextLong(), MAX_TIME_NANOS + 1));
        }
        if (DataTypes.INET.equals(type)) {
            byte[] bytes = new byte[rnd.nextBoolean() ? 4 : 16];
            rnd.nextBytes(bytes);
            return inet(bytes);
        }
        if (DataTypes.BLOB.equals(type)) {
            byte[] bytes = new byte[allowEmpty ? rnd.nextInt(41) : 1 + rnd.nextInt(40)];
            rnd.nextBytes(bytes);
            return ByteBuffer.wrap(bytes);
        }
        if (type instanceof ListType list) {
            List<Object> items = new ArrayList<>();
            for (int i = rnd.nextInt(6); i > 0; i--) {
                items.add(random(list.getElementType(), rnd, true));
            }
            return items;
        }
        if (type instanceof SetType set) {
            Set<Object> items = new LinkedHashSet<>();
            for (int i = rnd.nextInt(6); i > 0; i--) {
                items.add(random(set.getElementType(), rnd, true));
            }
            return items;
        }
        if (type instanceof MapType map) {
            Map<Object, Object> items = new LinkedHashMap<>();
            for (int i = rnd.nextInt(6); i > 0; i--) {
                items.put(random(map.getKeyType(), rnd, true), random(map.getValueType(), rnd, true));
            }
            return items;
        }
        if (type instanceof TupleType tuple) {
            Object[] parts = tuple.getComponentTypes().stream()
                    .map(t -> random(t, rnd, true))
                    .toArray();
            return tuple.newValue(parts);
        }
        if (type instanceof UserDefinedType udt) {
            UdtValue value = udt.newValue();
            for (int i = 0; i < udt.getFieldTypes().size(); i++) {
                value = value.set(
                        i,
                        random(udt.getFieldTypes().get(i), rnd, true),
                        javaClass(udt.getFieldTypes().get(i)));
            }
            return value;
        }
        throw new IllegalArgumentException("no generator for " + type.asCql(true, true));
    }

    /** Edge-case values of {@code type}; empty text and blobs only when {@code allowEmpty}. */
    static List<Object> edges(DataType type, boolean allowEmpty) {
        List<Object> out = new ArrayList<>();
        if (DataTypes.TEXT.equals(type) || DataTypes.ASCII.equals(type)) {
            boolean ascii = DataTypes.ASCII.equals(type);
            for (int length = allowEmpty ? 0 : 1; length <= 40; length++) {
                if (ascii) {
                    out.add("a".repeat(length));
                    out.add("\u007f".repeat(length));
                } else {
                    out.add(utf8OfLength(length, 'é')); // C3 A9 ...
                    out.add(utf8OfLength(length, '€')); // E2 82 AC ...
                    out.add(utf8OfLength(length, 0x1F600)); // F0 9F 98 80 ...
                    out.add(utf8OfLength(length, 'ÿ')); // C3 BF ...
                }
            }
            if (!ascii) {
                out.addAll(List.of(
                        "ringmap",
                        "sensor-17",
                        "Grüße, 世界 🌍",
                        "'quoted' \"double\"",
                        " spaced ",
                        "a,b:c[d]{e}",
                        "null",
                        "NULL",
                        "\u0000",
                        "line\nbreak",
                        "\uFFFF",
                        "𝄞𝄞"));
            } else {
                out.addAll(List.of("ringmap", "'q'", " ", "\u0000", "~!@#$%^&*()_+"));
            }
        } else if (DataTypes.INT.equals(type)) {
            out.addAll(List.of(
                    Integer.MIN_VALUE,
                    Integer.MAX_VALUE,
                    -1,
                    0,
                    1,
                    127,
                    128,
                    -128,
                    -129,
                    255,
                    256,
                    65535,
                    65536,
                    -65536,
                    16777215,
                    16777216,
                    Integer.MIN_VALUE + 1,
                    Integer.MAX_VALUE - 1));
        } else if (DataTypes.BIGINT.equals(type)) {
            out.addAll(List.of(
                    Long.MIN_VALUE,
                    Long.MAX_VALUE,
                    -1L,
                    0L,
                    1L,
                    255L,
                    256L,
                    -256L,
                    (long) Integer.MAX_VALUE + 1,
                    (long) Integer.MIN_VALUE - 1,
                    Long.MIN_VALUE + 1,
                    Long.MAX_VALUE - 1));
        } else if (DataTypes.SMALLINT.equals(type)) {
            out.addAll(List.of(
                    Short.MIN_VALUE,
                    Short.MAX_VALUE,
                    (short) -1,
                    (short) 0,
                    (short) 1,
                    (short) 255,
                    (short) 256,
                    (short) -256));
        } else if (DataTypes.TINYINT.equals(type)) {
            out.addAll(List.of(Byte.MIN_VALUE, Byte.MAX_VALUE, (byte) -1, (byte) 0, (byte) 1));
        } else if (DataTypes.VARINT.equals(type)) {
            for (int bits : new int[] {7, 8, 15, 16, 31, 32, 63, 64, 127, 128, 255, 256, 1000, 4096}) {
                BigInteger p = BigInteger.TWO.pow(bits);
                out.addAll(List.of(
                        p, p.subtract(BigInteger.ONE), p.negate(), p.negate().subtract(BigInteger.ONE)));
            }
            out.addAll(List.of(
                    BigInteger.ZERO,
                    BigInteger.ONE,
                    BigInteger.ONE.negate(),
                    BigInteger.TEN.pow(100),
                    BigInteger.TEN.pow(100).negate(),
                    BigInteger.valueOf(Long.MIN_VALUE),
                    BigInteger.valueOf(Long.MAX_VALUE)));
        } else if (DataTypes.DECIMAL.equals(type)) {
            out.addAll(List.of(
                    BigDecimal.ZERO,
                    new BigDecimal("0.00"),
                    new BigDecimal("-0.0"),
                    BigDecimal.ONE,
                    new BigDecimal("1E+3"),
                    new BigDecimal("1000"),
                    new BigDecimal("-12.50"),
                    new BigDecimal("1E-40"),
                    new BigDecimal("9.999999999999999999999999999999E+300"),
                    new BigDecimal(BigInteger.TWO.pow(500), 7),
                    new BigDecimal(BigInteger.TWO.pow(64).negate(), -9),
                    new BigDecimal("3.14159265358979323846264338327950288419716939937510")));
        } else if (DataTypes.FLOAT.equals(type)) {
            out.addAll(List.of(
                    Float.NaN,
                    Float.POSITIVE_INFINITY,
                    Float.NEGATIVE_INFINITY,
                    -0.0f,
                    0.0f,
                    Float.MIN_VALUE,
                    -Float.MIN_VALUE,
                    Float.MAX_VALUE,
                    -Float.MAX_VALUE,
                    Float.MIN_NORMAL,
                    1.0f,
                    -1.0f,
                    0.1f,
                    1.5e3f,
                    16777217f));
        } else if (DataTypes.DOUBLE.equals(type)) {
            out.addAll(List.of(
                    Double.NaN,
                    Double.POSITIVE_INFINITY,
                    Double.NEGATIVE_INFINITY,
                    -0.0d,
                    0.0d,
                    Double.MIN_VALUE,
                    -Double.MIN_VALUE,
                    Double.MAX_VALUE,
                    -Double.MAX_VALUE,
                    Double.MIN_NORMAL,
                    1.0d,
                    -1.0d,
                    0.1d,
                    1.5e3d,
                    9007199254740993d));
        } else if (DataTypes.BOOLEAN.equals(type)) {
            out.addAll(List.of(true, false));
        } else if (DataTypes.UUID.equals(type)) {
            out.addAll(List.of(
                    new UUID(0, 0),
                    new UUID(-1, -1),
                    new UUID(Long.MIN_VALUE, Long.MIN_VALUE),
                    UUID.fromString("123e4567-e89b-12d3-a456-426614174000"),
                    UUID.fromString("50554d6e-29bb-11e5-b345-feff819cdc9f")));
        } else if (DataTypes.TIMEUUID.equals(type)) {
            out.addAll(List.of(
                    timeuuid(0, 0),
                    timeuuid(-1, -1),
                    timeuuid(Long.MIN_VALUE, 0),
                    UUID.fromString("50554d6e-29bb-11e5-b345-feff819cdc9f"),
                    com.datastax.oss.driver.api.core.uuid.Uuids.startOf(0),
                    com.datastax.oss.driver.api.core.uuid.Uuids.endOf(1_800_000_000_000L)));
        } else if (DataTypes.TIMESTAMP.equals(type)) {
            for (long millis : new long[] {
                0,
                -1,
                1,
                -1000,
                -86_400_000L,
                -62_135_596_800_000L,
                -62_135_596_800_001L,
                253_402_300_799_999L,
                253_402_300_800_000L,
                Long.MIN_VALUE,
                Long.MAX_VALUE,
                -12_219_292_800_000L,
                1_790_000_000_123L
            }) {
                out.add(Instant.ofEpochMilli(millis));
            }
        } else if (DataTypes.DATE.equals(type)) {
            for (long day : new long[] {
                0,
                -1,
                1,
                Integer.MIN_VALUE,
                Integer.MAX_VALUE,
                -719_162,
                -719_163,
                2_932_896,
                2_932_897,
                -141_427,
                20_727
            }) {
                out.add(LocalDate.ofEpochDay(day));
            }
        } else if (DataTypes.TIME.equals(type)) {
            for (long nanos : new long[] {0, 1, 999_999_999, 1_000_000_000, 43_200_000_000_000L, MAX_TIME_NANOS}) {
                out.add(LocalTime.ofNanoOfDay(nanos));
            }
        } else if (DataTypes.INET.equals(type)) {
            for (String address : List.of(
                    "0.0.0.0",
                    "127.0.0.1",
                    "255.255.255.255",
                    "10.0.0.128",
                    "::",
                    "::1",
                    "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
                    "fe80::1",
                    "2001:db8::ff00:42:8329",
                    "::ffff:1.2.3.4")) {
                out.add(inet(address));
            }
        } else if (DataTypes.BLOB.equals(type)) {
            for (int length = allowEmpty ? 0 : 1; length <= 40; length++) {
                byte[] ff = new byte[length];
                Arrays.fill(ff, (byte) 0xff);
                byte[] high = new byte[length];
                for (int i = 0; i < length; i++) {
                    high[i] = (byte) (0x80 + (i * 7) % 128);
                }
                byte[] zero = new byte[length];
                out.addAll(List.of(ByteBuffer.wrap(ff), ByteBuffer.wrap(high), ByteBuffer.wrap(zero)));
            }
        } else if (type instanceof ListType || type instanceof SetType || type instanceof MapType) {
            // empty collections serialize to a 4-byte count of zero; one element; one element that is itself empty
            Random rnd = new Random(7);
            out.add(type instanceof ListType ? List.of() : type instanceof SetType ? Set.of() : Map.of());
            if (type instanceof ListType list) {
                out.add(List.of(edges(list.getElementType(), true).get(0)));
                out.add(new ArrayList<>(edges(list.getElementType(), true)));
            } else if (type instanceof SetType set) {
                out.add(Set.of(edges(set.getElementType(), true).get(0)));
                out.add(new LinkedHashSet<>(edges(set.getElementType(), true).subList(0, 20)));
            } else {
                MapType map = (MapType) type;
                Map<Object, Object> m = new LinkedHashMap<>();
                m.put(edges(map.getKeyType(), true).get(0), random(map.getValueType(), rnd, true));
                out.add(m);
            }
        } else if (type instanceof TupleType tuple) {
            List<List<Object>> parts =
                    tuple.getComponentTypes().stream().map(t -> edges(t, true)).toList();
            int n = parts.stream().mapToInt(List::size).max().orElse(0);
            for (int i = 0; i < n; i++) {
                Object[] values = new Object[parts.size()];
                for (int j = 0; j < parts.size(); j++) {
                    values[j] = parts.get(j).get(i % parts.get(j).size());
                }
                out.add(tuple.newValue(values));
            }
        } else if (type instanceof UserDefinedType udt) {
            List<List<Object>> parts =
                    udt.getFieldTypes().stream().map(t -> edges(t, true)).toList();
            int n = parts.stream().mapToInt(List::size).max().orElse(0);
            for (int i = 0; i < n; i++) {
                UdtValue value = udt.newValue();
                for (int j = 0; j < parts.size(); j++) {
                    value = value.set(
                            j,
                            parts.get(j).get(i % parts.get(j).size()),
                            javaClass(udt.getFieldTypes().get(j)));
                }
                out.add(value);
            }
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static <T> Class<T> javaClass(DataType type) {
        Class<?> c;
        if (DataTypes.TEXT.equals(type) || DataTypes.ASCII.equals(type)) {
            c = String.class;
        } else if (DataTypes.INT.equals(type)) {
            c = Integer.class;
        } else if (DataTypes.BIGINT.equals(type)) {
            c = Long.class;
        } else if (DataTypes.DATE.equals(type)) {
            c = LocalDate.class;
        } else if (DataTypes.TIMESTAMP.equals(type)) {
            c = Instant.class;
        } else if (DataTypes.UUID.equals(type)) {
            c = UUID.class;
        } else if (DataTypes.BLOB.equals(type)) {
            c = ByteBuffer.class;
        } else if (DataTypes.BOOLEAN.equals(type)) {
            c = Boolean.class;
        } else {
            throw new IllegalArgumentException("no Java class mapped for UDT field type " + type.asCql(true, true));
        }
        return (Class<T>) c;
    }

    /** Text of exactly {@code bytes} UTF-8 bytes: wide code points, padded with 'a' where one does not fit. */
    static String utf8OfLength(int bytes, int codePoint) {
        int width = new String(Character.toChars(codePoint)).getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        StringBuilder s = new StringBuilder();
        s.append("a".repeat(bytes % width));
        for (int i = 0; i < bytes / width; i++) {
            s.appendCodePoint(codePoint);
        }
        return s.toString();
    }

    private static String randomText(Random rnd, int codePoints, boolean ascii) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < codePoints; i++) {
            if (ascii) {
                s.append((char) rnd.nextInt(128));
            } else {
                int kind = rnd.nextInt(4);
                int cp = switch (kind) {
                    case 0 -> rnd.nextInt(128);
                    case 1 -> 0x80 + rnd.nextInt(0x800 - 0x80);
                    case 2 -> WIDE[rnd.nextInt(WIDE.length)];
                    default -> {
                        int c;
                        do {
                            c = rnd.nextInt(0x110000);
                        } while (c >= 0xD800 && c <= 0xDFFF);
                        yield c;
                    }
                };
                s.appendCodePoint(cp);
            }
        }
        return s.toString();
    }

    /** A version 1, IETF-variant UUID with the other bits taken from the arguments. */
    static UUID timeuuid(long msb, long lsb) {
        return new UUID((msb & ~0xF000L) | 0x1000L, (lsb & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L);
    }

    private static InetAddress inet(byte[] bytes) {
        try {
            return InetAddress.getByAddress(bytes);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static InetAddress inet(String literal) {
        try {
            return InetAddress.getByName(literal); // address literals only: no lookup
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
