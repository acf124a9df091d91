package io.ringmap.conformance;

import com.datastax.oss.driver.api.core.data.TupleValue;
import com.datastax.oss.driver.api.core.data.UdtValue;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.MapType;
import com.datastax.oss.driver.api.core.type.SetType;
import com.datastax.oss.driver.api.core.type.TupleType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The text a client sends ringmap for a partition key value it holds as a driver Java value, in the forms README
 * "Key values" and {@code KeyValueCodec} document: raw text, CQL number literals, 8-4-4-4-12 UUIDs, epoch millis or
 * ISO-8601 for timestamps, yyyy-mm-dd or the unsigned day number for dates, hh:mm:ss.fffffffff or nanoseconds for
 * times, address literals, 0x-hex blobs, CQL literals for frozen collections, tuples and UDTs.
 *
 * <p>Written from the documentation, not from ringmap's code: the conformance tests send it and compare ringmap's
 * answer with Cassandra's for the value the driver bound.
 */
final class KeyText {

    private static final HexFormat HEX = HexFormat.of();
    private static final long DAY_NUMBER_OF_EPOCH = 1L << 31;

    private KeyText() {}

    /**
     * The text of {@code value} of {@code type}; {@code variant} picks between the two documented forms of
     * timestamps, dates and times (so both are exercised).
     */
    static String of(DataType type, Object value, boolean variant) {
        return format(type, value, false, variant);
    }

    private static String format(DataType type, Object value, boolean nested, boolean variant) {
        if (DataTypes.TEXT.equals(type) || DataTypes.ASCII.equals(type)) {
            String s = (String) value;
            return nested ? quote(s) : s;
        }
        if (DataTypes.TIMESTAMP.equals(type)) {
            Instant t = (Instant) value;
            int year = t.atZone(java.time.ZoneOffset.UTC).getYear();
            String text = variant && year >= 1 && year <= 9999 ? t.toString() : Long.toString(t.toEpochMilli());
            return nested ? quote(text) : text;
        }
        if (DataTypes.DATE.equals(type)) {
            LocalDate d = (LocalDate) value;
            String text = !variant && d.getYear() >= 1 && d.getYear() <= 9999
                    ? d.toString()
                    : Long.toString(d.toEpochDay() + DAY_NUMBER_OF_EPOCH);
            return nested ? quote(text) : text;
        }
        if (DataTypes.TIME.equals(type)) {
            LocalTime t = (LocalTime) value;
            String text = variant
                    ? Long.toString(t.toNanoOfDay())
                    : String.format("%02d:%02d:%02d.%09d", t.getHour(), t.getMinute(), t.getSecond(), t.getNano());
            return nested ? quote(text) : text;
        }
        if (DataTypes.INET.equals(type)) {
            String text = ((InetAddress) value).getHostAddress();
            return nested ? quote(text) : text;
        }
        if (DataTypes.BLOB.equals(type)) {
            ByteBuffer b = ((ByteBuffer) value).duplicate();
            byte[] bytes = new byte[b.remaining()];
            b.get(bytes);
            return "0x" + HEX.formatHex(bytes);
        }
        if (type instanceof ListType list) {
            List<String> items = new ArrayList<>();
            for (Object item : (List<?>) value) {
                items.add(format(list.getElementType(), item, true, variant));
            }
            return "[" + String.join(", ", items) + "]";
        }
        if (type instanceof SetType set) {
            List<String> items = new ArrayList<>();
            for (Object item : (Set<?>) value) {
                items.add(format(set.getElementType(), item, true, variant));
            }
            return "{" + String.join(", ", items) + "}";
        }
        if (type instanceof MapType map) {
            List<String> items = new ArrayList<>();
            for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
                items.add(format(map.getKeyType(), e.getKey(), true, variant) + ": "
                        + format(map.getValueType(), e.getValue(), true, variant));
            }
            return "{" + String.join(", ", items) + "}";
        }
        if (type instanceof TupleType tuple) {
            TupleValue t = (TupleValue) value;
            List<String> items = new ArrayList<>();
            for (int i = 0; i < tuple.getComponentTypes().size(); i++) {
                items.add(format(tuple.getComponentTypes().get(i), t.getObject(i), true, variant));
            }
            return "(" + String.join(", ", items) + ")";
        }
        if (type instanceof UserDefinedType udt) {
            UdtValue u = (UdtValue) value;
            List<String> items = new ArrayList<>();
            for (int i = 0; i < udt.getFieldNames().size(); i++) {
                items.add(udt.getFieldNames().get(i).asCql(true) + ": "
                        + format(udt.getFieldTypes().get(i), u.getObject(i), true, variant));
            }
            return "{" + String.join(", ", items) + "}";
        }
        // int, bigint, smallint, tinyint, varint, decimal, float, double, boolean, uuid, timeuuid: Java's toString
        // is a CQL literal (NaN, Infinity, -0.0, 1.0E-45, 1E+3 included)
        return value.toString();
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "''") + "'";
    }
}
