package io.ringmap.schema;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.MapType;
import com.datastax.oss.driver.api.core.type.SetType;
import com.datastax.oss.driver.api.core.type.TupleType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import io.ringmap.testcluster.CassandraClasspath;
import io.ringmap.testcluster.TimeBudget;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * ringmap's comparators ({@link CassandraOrder}, the order of frozen set elements and map keys in a key) against
 * Cassandra's own: random pairs of serialized values, many of them near-ties (one byte apart, equal timestamps,
 * trailing nulls), compared by {@code AbstractType#compare} of Cassandra 5.0 in a separate JVM on the server's
 * classpath ({@code src/test/cassandra/tools/TypeOrder.java}). Every sign must agree.
 */
@TimeBudget(seconds = 5)
class CassandraOrderOracleIT {

    static final Path TOOL = Path.of("src", "test", "cassandra", "tools", "TypeOrder.java");
    static final int PAIRS_PER_TYPE = 4000;
    static final HexFormat HEX = HexFormat.of();

    static final UserDefinedType POINT = new TestUdt(
            "ks", "point", List.of("x", "label", "day"), List.of(DataTypes.INT, DataTypes.TEXT, DataTypes.DATE));

    static final List<DataType> TYPES = List.of(
            DataTypes.UUID,
            DataTypes.TIMEUUID,
            DataTypes.TEXT,
            DataTypes.INT,
            DataTypes.BIGINT,
            DataTypes.VARINT,
            DataTypes.DECIMAL,
            DataTypes.DOUBLE,
            DataTypes.FLOAT,
            DataTypes.BLOB,
            DataTypes.INET,
            DataTypes.DATE,
            DataTypes.TIME,
            DataTypes.TIMESTAMP,
            DataTypes.BOOLEAN,
            DataTypes.SMALLINT,
            DataTypes.TINYINT,
            DataTypes.tupleOf(DataTypes.INT, DataTypes.TEXT),
            DataTypes.tupleOf(DataTypes.TIMEUUID, DataTypes.frozenListOf(DataTypes.INT), DataTypes.UUID),
            DataTypes.frozenSetOf(DataTypes.TIMEUUID),
            DataTypes.frozenSetOf(DataTypes.UUID),
            DataTypes.frozenListOf(DataTypes.UUID),
            DataTypes.frozenMapOf(DataTypes.UUID, DataTypes.INT),
            DataTypes.frozenMapOf(DataTypes.TIMEUUID, DataTypes.frozenSetOf(DataTypes.TEXT)),
            DataTypes.frozenSetOf(DataTypes.tupleOf(DataTypes.INT, DataTypes.TEXT)),
            DataTypes.frozenSetOf(DataTypes.frozenListOf(DataTypes.INT)),
            POINT,
            DataTypes.frozenSetOf(POINT));

    @Test
    void everyComparisonHasCassandrasSign() throws Exception {
        Random rnd = new Random(20261201L);
        StringBuilder input = new StringBuilder();
        List<String> cases = new ArrayList<>();
        List<Integer> ours = new ArrayList<>();
        for (DataType type : TYPES) {
            Comparator<ByteBuffer> order = CassandraOrder.of(type);
            assertThat(order).as("ringmap orders %s", type.asCql(true, true)).isNotNull();
            String name = cassandraType(type);
            for (int i = 0; i < PAIRS_PER_TYPE; i++) {
                ByteBuffer a = Values.random(type, rnd);
                // a third equal, a third one byte apart (scalars; a framed value would just break), a third random
                int kind = rnd.nextInt(3);
                ByteBuffer b = kind == 0
                        ? a.duplicate()
                        : kind == 1 && scalar(type) && !DataTypes.BOOLEAN.equals(type)
                                ? Values.mutate(a, rnd)
                                : Values.random(type, rnd);
                input.append(name)
                        .append('\t')
                        .append(hex(a))
                        .append('\t')
                        .append(hex(b))
                        .append('\n');
                cases.add(type.asCql(true, true) + " " + hex(a) + " vs " + hex(b));
                ours.add(Integer.signum(order.compare(a.duplicate(), b.duplicate())));
            }
        }
        List<String> theirs = cassandra(input.toString());
        assertThat(theirs).hasSize(cases.size());
        List<String> disagreements = new ArrayList<>();
        int rejected = 0;
        for (int i = 0; i < cases.size(); i++) {
            if (theirs.get(i).startsWith("E ")) {
                rejected++; // a mutated value Cassandra cannot compare (e.g. a broken frame): nothing to agree on
                continue;
            }
            if (Integer.parseInt(theirs.get(i)) != ours.get(i)) {
                disagreements.add(cases.get(i) + ": Cassandra " + theirs.get(i) + ", ringmap " + ours.get(i));
            }
        }
        System.out.printf(
                "[CassandraOrderOracleIT] %d comparisons over %d types, %d not comparable by Cassandra, "
                        + "%d disagreements%n",
                cases.size(), TYPES.size(), rejected, disagreements.size());
        assertThat(rejected).as("comparisons Cassandra could not make").isLessThan(cases.size() / 20);
        assertThat(disagreements)
                .as("comparisons whose sign differs from Cassandra's")
                .isEmpty();
    }

    static boolean scalar(DataType type) {
        return !(type instanceof ListType
                || type instanceof SetType
                || type instanceof MapType
                || type instanceof TupleType
                || type instanceof UserDefinedType);
    }

    /** Cassandra's AbstractType string for a (frozen) driver type. */
    static String cassandraType(DataType type) {
        Map<DataType, String> scalars = Map.ofEntries(
                Map.entry(DataTypes.TEXT, "UTF8Type"),
                Map.entry(DataTypes.ASCII, "AsciiType"),
                Map.entry(DataTypes.INT, "Int32Type"),
                Map.entry(DataTypes.BIGINT, "LongType"),
                Map.entry(DataTypes.SMALLINT, "ShortType"),
                Map.entry(DataTypes.TINYINT, "ByteType"),
                Map.entry(DataTypes.VARINT, "IntegerType"),
                Map.entry(DataTypes.DECIMAL, "DecimalType"),
                Map.entry(DataTypes.FLOAT, "FloatType"),
                Map.entry(DataTypes.DOUBLE, "DoubleType"),
                Map.entry(DataTypes.BOOLEAN, "BooleanType"),
                Map.entry(DataTypes.UUID, "UUIDType"),
                Map.entry(DataTypes.TIMEUUID, "TimeUUIDType"),
                Map.entry(DataTypes.TIMESTAMP, "TimestampType"),
                Map.entry(DataTypes.DATE, "SimpleDateType"),
                Map.entry(DataTypes.TIME, "TimeType"),
                Map.entry(DataTypes.INET, "InetAddressType"),
                Map.entry(DataTypes.BLOB, "BytesType"));
        if (scalars.containsKey(type)) {
            return scalars.get(type);
        }
        if (type instanceof ListType l) {
            return "FrozenType(ListType(" + cassandraType(l.getElementType()) + "))";
        }
        if (type instanceof SetType s) {
            return "FrozenType(SetType(" + cassandraType(s.getElementType()) + "))";
        }
        if (type instanceof MapType m) {
            return "FrozenType(MapType(" + cassandraType(m.getKeyType()) + "," + cassandraType(m.getValueType()) + "))";
        }
        if (type instanceof TupleType t) {
            return "TupleType("
                    + t.getComponentTypes().stream()
                            .map(CassandraOrderOracleIT::cassandraType)
                            .collect(Collectors.joining(","))
                    + ")";
        }
        if (type instanceof UserDefinedType u) {
            StringBuilder sb = new StringBuilder("FrozenType(UserType(ks,")
                    .append(HEX.formatHex(u.getName().asInternal().getBytes(StandardCharsets.UTF_8)));
            for (int i = 0; i < u.getFieldNames().size(); i++) {
                sb.append(',')
                        .append(HEX.formatHex(
                                u.getFieldNames().get(i).asInternal().getBytes(StandardCharsets.UTF_8)))
                        .append(':')
                        .append(cassandraType(u.getFieldTypes().get(i)));
            }
            return sb.append("))").toString();
        }
        throw new IllegalArgumentException("no Cassandra type for " + type);
    }

    static List<String> cassandra(String input) throws IOException, InterruptedException {
        Path in = Files.createTempFile("type-order", ".in");
        Path out = Files.createTempFile("type-order", ".out");
        Path err = Files.createTempFile("type-order", ".err");
        try {
            Files.writeString(in, input, StandardCharsets.UTF_8);
            Process p = new ProcessBuilder(
                            Path.of(System.getProperty("java.home"), "bin", "java")
                                    .toString(),
                            "-Xmx256m",
                            "-XX:TieredStopAtLevel=1",
                            "-cp",
                            CassandraClasspath.read(),
                            TOOL.toAbsolutePath().toString())
                    .redirectInput(in.toFile())
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile())
                    .start();
            if (!p.waitFor(5, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IllegalStateException("TypeOrder timed out");
            }
            assertThat(p.exitValue())
                    .as("TypeOrder exit status; stderr: %s", Files.readString(err))
                    .isZero();
            // Cassandra's own log lines share standard output; results start with "= "
            return Files.readAllLines(out, StandardCharsets.UTF_8).stream()
                    .filter(l -> l.startsWith("= "))
                    .map(l -> l.substring(2))
                    .toList();
        } finally {
            Files.deleteIfExists(in);
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    static String hex(ByteBuffer b) {
        byte[] bytes = new byte[b.remaining()];
        b.duplicate().get(bytes);
        return HEX.formatHex(bytes);
    }

    /** Random serialized values, biased towards the edges of each comparator. */
    static final class Values {

        static ByteBuffer random(DataType type, Random rnd) {
            if (DataTypes.UUID.equals(type) || DataTypes.TIMEUUID.equals(type)) {
                byte[] b = bytes(16, rnd);
                int version =
                        DataTypes.TIMEUUID.equals(type) ? 1 : new int[] {1, 1, 4, 4, 0, 2, 3, 5, 15}[rnd.nextInt(9)];
                if (rnd.nextInt(4) == 0) { // few distinct timestamps, so ties fall through to the other half
                    for (int i = 0; i < 8; i++) {
                        b[i] = (byte) rnd.nextInt(2);
                    }
                }
                b[6] = (byte) ((b[6] & 0x0f) | (version << 4));
                return ByteBuffer.wrap(b);
            }
            if (DataTypes.TEXT.equals(type)) {
                String[] pool = {"", "a", "b", "ab", "é", "z", "\u00ff", "\uffff", "aa"};
                StringBuilder sb = new StringBuilder();
                for (int i = rnd.nextInt(3); i > 0; i--) {
                    sb.append(pool[rnd.nextInt(pool.length)]);
                }
                return ByteBuffer.wrap(sb.toString().getBytes(StandardCharsets.UTF_8));
            }
            if (DataTypes.INT.equals(type)) {
                return ByteBuffer.allocate(4)
                        .putInt(0, pick(rnd, Integer.MIN_VALUE, -1, 0, 1, Integer.MAX_VALUE, rnd.nextInt()));
            }
            if (DataTypes.BIGINT.equals(type) || DataTypes.TIMESTAMP.equals(type)) {
                return ByteBuffer.allocate(8).putLong(0, rnd.nextBoolean() ? rnd.nextLong() : rnd.nextInt(5) - 2);
            }
            if (DataTypes.SMALLINT.equals(type)) {
                return ByteBuffer.allocate(2).putShort(0, (short) rnd.nextInt());
            }
            if (DataTypes.TINYINT.equals(type)) {
                return ByteBuffer.wrap(new byte[] {(byte) rnd.nextInt()});
            }
            if (DataTypes.VARINT.equals(type)) {
                return ByteBuffer.wrap(java.math.BigInteger.valueOf(rnd.nextLong() >> rnd.nextInt(64))
                        .toByteArray());
            }
            if (DataTypes.DECIMAL.equals(type)) {
                byte[] unscaled =
                        java.math.BigInteger.valueOf(rnd.nextInt(2001) - 1000).toByteArray();
                return ByteBuffer.allocate(4 + unscaled.length)
                        .putInt(rnd.nextInt(5) - 2)
                        .put(unscaled)
                        .flip();
            }
            if (DataTypes.DOUBLE.equals(type)) {
                double[] pool = {
                    Double.NaN,
                    -0.0,
                    0.0,
                    1.5,
                    -1.5,
                    Double.NEGATIVE_INFINITY,
                    Double.POSITIVE_INFINITY,
                    rnd.nextGaussian()
                };
                return ByteBuffer.allocate(8).putDouble(0, pool[rnd.nextInt(pool.length)]);
            }
            if (DataTypes.FLOAT.equals(type)) {
                float[] pool = {Float.NaN, -0.0f, 0.0f, 1.5f, -1.5f, Float.NEGATIVE_INFINITY, (float) rnd.nextGaussian()
                };
                return ByteBuffer.allocate(4).putFloat(0, pool[rnd.nextInt(pool.length)]);
            }
            if (DataTypes.BLOB.equals(type)) {
                return ByteBuffer.wrap(bytes(rnd.nextInt(4), rnd));
            }
            if (DataTypes.INET.equals(type)) {
                return ByteBuffer.wrap(bytes(rnd.nextBoolean() ? 4 : 16, rnd));
            }
            if (DataTypes.DATE.equals(type)) {
                return ByteBuffer.allocate(4).putInt(0, rnd.nextInt());
            }
            if (DataTypes.TIME.equals(type)) {
                return ByteBuffer.allocate(8).putLong(0, (rnd.nextLong() >>> 1) % 86_400_000_000_000L);
            }
            if (DataTypes.BOOLEAN.equals(type)) {
                return ByteBuffer.wrap(new byte[] {(byte) rnd.nextInt(2)});
            }
            if (type instanceof ListType l) {
                return collection(l.getElementType(), rnd);
            }
            if (type instanceof SetType s) {
                return collection(s.getElementType(), rnd);
            }
            if (type instanceof MapType m) {
                int n = rnd.nextInt(4);
                List<ByteBuffer> values = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    values.add(random(m.getKeyType(), rnd));
                    values.add(random(m.getValueType(), rnd));
                }
                return framed(n, values);
            }
            List<DataType> components =
                    type instanceof TupleType t ? t.getComponentTypes() : ((UserDefinedType) type).getFieldTypes();
            // fewer components than the type (as Cassandra serializes a short tuple literal), and nulls
            int n = rnd.nextInt(4) == 0 ? 1 + rnd.nextInt(components.size()) : components.size();
            List<ByteBuffer> values = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                values.add(rnd.nextInt(5) == 0 ? null : random(components.get(i), rnd));
            }
            return framed(-1, values);
        }

        private static ByteBuffer collection(DataType element, Random rnd) {
            int n = rnd.nextInt(4);
            List<ByteBuffer> values = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                values.add(random(element, rnd));
            }
            return framed(n, values);
        }

        /** The same value with one byte changed, or itself when it has none. */
        static ByteBuffer mutate(ByteBuffer value, Random rnd) {
            byte[] b = new byte[value.remaining()];
            value.duplicate().get(b);
            if (b.length == 0) {
                return ByteBuffer.wrap(b);
            }
            int i = b.length - 1 - rnd.nextInt(Math.min(b.length, 8));
            b[i] = (byte) (b[i] + (rnd.nextBoolean() ? 1 : -1));
            return ByteBuffer.wrap(b);
        }

        private static ByteBuffer framed(int count, List<ByteBuffer> values) {
            int size = count >= 0 ? 4 : 0;
            for (ByteBuffer v : values) {
                size += 4 + (v == null ? 0 : v.remaining());
            }
            ByteBuffer out = ByteBuffer.allocate(size);
            if (count >= 0) {
                out.putInt(count);
            }
            for (ByteBuffer v : values) {
                if (v == null) {
                    out.putInt(-1);
                } else {
                    out.putInt(v.remaining()).put(v.duplicate());
                }
            }
            return out.flip();
        }

        private static byte[] bytes(int n, Random rnd) {
            byte[] b = new byte[n];
            rnd.nextBytes(b);
            return b;
        }

        private static int pick(Random rnd, int... values) {
            return values[rnd.nextInt(values.length)];
        }
    }
}
