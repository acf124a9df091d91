package io.ringmap.schema;

import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.DataTypes;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.Comparator;
import java.util.Map;

/**
 * Cassandra's comparators on serialized values, for the element types whose order ringmap reproduces.
 *
 * <p>Cassandra stores a frozen set's elements and a frozen map's entries sorted by the element (key) type's comparator
 * and deduplicated, so the order a user writes them in must not change the key bytes.
 */
final class CassandraOrder {

    // mirrors org.apache.cassandra.db.marshal: UTF8Type, AsciiType, BytesType, InetAddressType, BooleanType,
    // SimpleDateType (unsigned, offset by 2^31) and TimeType (non-negative) compare bytes unsigned; the numeric
    // types (Int32Type, LongType, ShortType, ByteType, TimestampType, IntegerType, DecimalType, FloatType,
    // DoubleType) compare numerically
    private static final Map<DataType, Comparator<ByteBuffer>> COMPARATORS = Map.ofEntries(
            Map.entry(DataTypes.TEXT, CassandraOrder::unsigned),
            Map.entry(DataTypes.ASCII, CassandraOrder::unsigned),
            Map.entry(DataTypes.BLOB, CassandraOrder::unsigned),
            Map.entry(DataTypes.INET, CassandraOrder::unsigned),
            Map.entry(DataTypes.BOOLEAN, CassandraOrder::unsigned),
            Map.entry(DataTypes.DATE, CassandraOrder::unsigned),
            Map.entry(DataTypes.TIME, CassandraOrder::unsigned),
            Map.entry(DataTypes.INT, Comparator.comparingInt(b -> b.getInt(b.position()))),
            Map.entry(DataTypes.SMALLINT, Comparator.comparingInt(b -> b.getShort(b.position()))),
            Map.entry(DataTypes.TINYINT, Comparator.comparingInt(b -> b.get(b.position()))),
            Map.entry(DataTypes.BIGINT, Comparator.comparingLong(b -> b.getLong(b.position()))),
            Map.entry(DataTypes.TIMESTAMP, Comparator.comparingLong(b -> b.getLong(b.position()))),
            Map.entry(DataTypes.FLOAT, (a, b) -> Float.compare(a.getFloat(a.position()), b.getFloat(b.position()))),
            Map.entry(DataTypes.DOUBLE,
                    (a, b) -> Double.compare(a.getDouble(a.position()), b.getDouble(b.position()))),
            Map.entry(DataTypes.VARINT, Comparator.comparing(CassandraOrder::varint)),
            Map.entry(DataTypes.DECIMAL, Comparator.comparing(CassandraOrder::decimal)));

    private CassandraOrder() {
    }

    /** Cassandra's comparator for {@code type}, or null when ringmap does not reproduce it. */
    static Comparator<ByteBuffer> of(DataType type) {
        return COMPARATORS.get(type);
    }

    static int unsigned(ByteBuffer a, ByteBuffer b) {
        int n = Math.min(a.remaining(), b.remaining());
        for (int i = 0; i < n; i++) {
            int c = Integer.compare(a.get(a.position() + i) & 0xFF, b.get(b.position() + i) & 0xFF);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.remaining(), b.remaining());
    }

    private static BigInteger varint(ByteBuffer b) {
        byte[] bytes = new byte[b.remaining()];
        b.duplicate().get(bytes);
        return new BigInteger(bytes);
    }

    private static BigDecimal decimal(ByteBuffer b) {
        ByteBuffer d = b.duplicate();
        int scale = d.getInt();
        return new BigDecimal(varint(d), scale);
    }
}
