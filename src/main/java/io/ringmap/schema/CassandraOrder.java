package io.ringmap.schema;

import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.MapType;
import com.datastax.oss.driver.api.core.type.SetType;
import com.datastax.oss.driver.api.core.type.TupleType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Cassandra's comparators on serialized values, for every type a partition key can hold.
 *
 * <p>Cassandra stores a frozen set's elements and a frozen map's entries sorted by the element (key) type's comparator
 * and deduplicated, so the order a user writes them in must not change the key bytes.
 */
final class CassandraOrder {

    // mirrors org.apache.cassandra.db.marshal: UTF8Type, AsciiType, BytesType, InetAddressType, BooleanType,
    // SimpleDateType (unsigned, offset by 2^31) and TimeType (non-negative) compare bytes unsigned; the numeric
    // types (Int32Type, LongType, ShortType, ByteType, TimestampType, IntegerType, DecimalType, FloatType,
    // DoubleType) compare numerically; UUIDType and TimeUUIDType have comparators of their own
    private static final Map<DataType, Comparator<ByteBuffer>> SCALARS = Map.ofEntries(
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
            Map.entry(DataTypes.DOUBLE, (a, b) -> Double.compare(a.getDouble(a.position()), b.getDouble(b.position()))),
            Map.entry(DataTypes.VARINT, Comparator.comparing(CassandraOrder::varint)),
            Map.entry(DataTypes.DECIMAL, Comparator.comparing(CassandraOrder::decimal)),
            Map.entry(DataTypes.UUID, CassandraOrder::uuid),
            Map.entry(DataTypes.TIMEUUID, CassandraOrder::timeUuid));

    private CassandraOrder() {}

    /** Cassandra's comparator for {@code type}, or null when ringmap does not reproduce it. */
    static Comparator<ByteBuffer> of(DataType type) {
        Comparator<ByteBuffer> scalar = SCALARS.get(type);
        if (scalar != null) {
            return scalar;
        }
        if (type instanceof ListType l) {
            return collection(of(l.getElementType()));
        }
        if (type instanceof SetType s) {
            return collection(of(s.getElementType()));
        }
        if (type instanceof MapType m) {
            return collection(of(m.getKeyType()), of(m.getValueType()));
        }
        if (type instanceof TupleType t) {
            return tuple(t.getComponentTypes());
        }
        if (type instanceof UserDefinedType u) {
            return tuple(u.getFieldTypes()); // UserType extends TupleType: fields compare in declaration order
        }
        return null;
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

    // mirrors UUIDType.compareCustom: by version, then (version 1) by timestamp, else the most significant half
    // unsigned, then the least significant half unsigned
    static int uuid(ByteBuffer a, ByteBuffer b) {
        int empty = emptyFirst(a, b, 16);
        if (empty != 2) {
            return empty;
        }
        long msbA = a.getLong(a.position());
        long msbB = b.getLong(b.position());
        int versionA = (int) ((msbA >>> 12) & 0xf);
        int versionB = (int) ((msbB >>> 12) & 0xf);
        if (versionA != versionB) {
            return Integer.compare(versionA, versionB);
        }
        int c = versionA == 1
                ? Long.compare(timestampOrder(msbA), timestampOrder(msbB))
                : Long.compareUnsigned(msbA, msbB);
        if (c != 0) {
            return c;
        }
        return Long.compareUnsigned(a.getLong(a.position() + 8), b.getLong(b.position() + 8));
    }

    // mirrors TimeUUIDType.compareCustom: by timestamp, then the least significant half compared as SIGNED bytes
    // (Cassandra keeps that order for compatibility: an 0x80 clock-sequence byte sorts before 0x00)
    static int timeUuid(ByteBuffer a, ByteBuffer b) {
        int empty = emptyFirst(a, b, 16);
        if (empty != 2) {
            return empty;
        }
        int c = Long.compare(timestampOrder(a.getLong(a.position())), timestampOrder(b.getLong(b.position())));
        if (c != 0) {
            return c;
        }
        return Long.compare(
                a.getLong(a.position() + 8) ^ 0x0080808080808080L, b.getLong(b.position() + 8) ^ 0x0080808080808080L);
    }

    /** A version 1 UUID's most significant half reordered so its 60-bit timestamp compares as a long. */
    private static long timestampOrder(long msb) {
        return (msb << 48) | ((msb << 16) & 0xFFFF00000000L) | (msb >>> 32);
    }

    /** -1/0/1 when either value is not {@code size} bytes (an empty value sorts first), 2 when both are. */
    private static int emptyFirst(ByteBuffer a, ByteBuffer b, int size) {
        boolean fullA = a.remaining() == size;
        boolean fullB = b.remaining() == size;
        if (fullA && fullB) {
            return 2;
        }
        return fullA ? 1 : fullB ? -1 : 0;
    }

    /**
     * Frozen collections, item by item and then the shorter first: mirrors ListType.compareListOrSet (lists and sets:
     * an item is an element) and MapType.compareMaps (maps: an item is an entry, its key then its value). Null when
     * a part's type has no order here.
     */
    @SafeVarargs
    private static Comparator<ByteBuffer> collection(Comparator<ByteBuffer>... itemParts) {
        for (Comparator<ByteBuffer> part : itemParts) {
            if (part == null) {
                return null;
            }
        }
        return (a, b) -> {
            if (!a.hasRemaining() || !b.hasRemaining()) {
                return Boolean.compare(!b.hasRemaining(), !a.hasRemaining());
            }
            Values left = new Values(a, true);
            Values right = new Values(b, true);
            int n = Math.min(left.count, right.count);
            for (int i = 0; i < n; i++) {
                for (Comparator<ByteBuffer> part : itemParts) {
                    int c = part.compare(left.next(), right.next());
                    if (c != 0) {
                        return c;
                    }
                }
            }
            return Integer.compare(left.count, right.count);
        };
    }

    // mirrors TupleType.compareCustom (5.0): component by component, a null before any value; when one tuple runs
    // out, trailing null components count as absent
    private static Comparator<ByteBuffer> tuple(List<DataType> types) {
        List<Comparator<ByteBuffer>> components = new ArrayList<>(types.size());
        for (DataType t : types) {
            Comparator<ByteBuffer> c = of(t);
            if (c == null) {
                return null;
            }
            components.add(c);
        }
        return (a, b) -> {
            if (!a.hasRemaining() || !b.hasRemaining()) {
                return Boolean.compare(!b.hasRemaining(), !a.hasRemaining());
            }
            Values left = new Values(a, false);
            Values right = new Values(b, false);
            for (int i = 0; left.hasNext() && right.hasNext() && i < components.size(); i++) {
                ByteBuffer x = left.next();
                ByteBuffer y = right.next();
                if (x == null || y == null) {
                    if (x == null && y == null) {
                        continue;
                    }
                    return x == null ? -1 : 1;
                }
                int c = components.get(i).compare(x, y);
                if (c != 0) {
                    return c;
                }
            }
            boolean restOfLeftNull = left.restIsNull();
            boolean restOfRightNull = right.restIsNull();
            if (restOfLeftNull && restOfRightNull) {
                return 0;
            }
            if (!left.hasNext()) {
                return restOfRightNull ? 0 : -1;
            }
            return restOfLeftNull ? 0 : 1;
        };
    }

    /** Walks framed values: an optional 4-byte count, then per value a 4-byte length (negative for null). */
    private static final class Values {

        private final ByteBuffer in;
        private final int count;

        Values(ByteBuffer bytes, boolean counted) {
            in = bytes.duplicate();
            count = counted ? in.getInt() : -1;
        }

        boolean hasNext() {
            return in.hasRemaining();
        }

        ByteBuffer next() {
            int length = in.getInt();
            if (length < 0) {
                return null;
            }
            ByteBuffer value = in.slice(in.position(), length);
            in.position(in.position() + length);
            return value;
        }

        /** True when every value left is null (or none is left); the position does not move. */
        boolean restIsNull() {
            int mark = in.position();
            while (in.hasRemaining()) {
                if (in.getInt() >= 0) {
                    in.position(mark);
                    return false;
                }
            }
            in.position(mark);
            return true;
        }
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
