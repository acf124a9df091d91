package io.ringmap.schema;

import static io.ringmap.schema.ScalarValues.PROTOCOL;
import static io.ringmap.schema.ScalarValues.REGISTRY;
import static io.ringmap.schema.ScalarValues.TIMESTAMP_UTC;

import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.MapType;
import com.datastax.oss.driver.api.core.type.SetType;
import com.datastax.oss.driver.api.core.type.TupleType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import com.datastax.oss.driver.api.core.type.codec.TypeCodec;
import io.ringmap.cql.CqlIdentifiers;
import java.nio.ByteBuffer;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The canonical text of a serialized value, in the input form {@link KeyValueCodec#serialize} accepts: scalars as
 * the driver's codecs format them (unquoted at the top level), collections, tuples and UDTs as CQL literals with
 * text quoted inside them.
 */
final class CanonicalText {

    private CanonicalText() {}

    /**
     * @param nested inside a literal, where text and the quoted scalars keep their quotes
     * @throws IllegalArgumentException when the bytes are not a valid serialized value of that type
     */
    static String format(DataType type, ByteBuffer bytes, boolean nested) {
        if (bytes == null) {
            return "null";
        }
        if (type instanceof ListType l) {
            List<ByteBuffer> e = Framing.unframe(bytes, true, -1);
            return join("[", "]", e.size(), i -> format(l.getElementType(), e.get(i), true));
        }
        if (type instanceof SetType s) {
            List<ByteBuffer> e = Framing.unframe(bytes, true, -1);
            return join("{", "}", e.size(), i -> format(s.getElementType(), e.get(i), true));
        }
        if (type instanceof MapType m) {
            List<ByteBuffer> kv = Framing.unframe(bytes, true, 2);
            return join(
                    "{",
                    "}",
                    kv.size() / 2,
                    i -> format(m.getKeyType(), kv.get(2 * i), true) + ": "
                            + format(m.getValueType(), kv.get(2 * i + 1), true));
        }
        if (type instanceof TupleType t) {
            List<ByteBuffer> parts = Framing.unframe(bytes, false, 1);
            return join(
                    "(", ")", parts.size(), i -> format(t.getComponentTypes().get(i), parts.get(i), true));
        }
        if (type instanceof UserDefinedType u) {
            List<ByteBuffer> parts = Framing.unframe(bytes, false, 1);
            // field names quoted as Cassandra 5.0 needs them (its reserved keywords, not the driver's list)
            return join(
                    "{",
                    "}",
                    parts.size(),
                    i -> CqlIdentifiers.identifier(u.getFieldNames().get(i).asInternal()) + ": "
                            + format(u.getFieldTypes().get(i), parts.get(i), true));
        }
        return scalar(type, bytes, nested);
    }

    private static String scalar(DataType type, ByteBuffer bytes, boolean nested) {
        if (DataTypes.TEXT.equals(type) || DataTypes.ASCII.equals(type)) {
            String s = REGISTRY.codecFor(type, String.class).decode(bytes, PROTOCOL);
            return nested ? ScalarValues.quote(s) : s;
        }
        String text;
        if (DataTypes.TIMESTAMP.equals(type)) {
            ZonedDateTime t = TIMESTAMP_UTC.decode(bytes, PROTOCOL);
            String proleptic = GregorianDateTimes.format(t.toInstant().toEpochMilli());
            text = proleptic != null ? proleptic : TIMESTAMP_UTC.format(t);
        } else {
            TypeCodec<Object> codec = ScalarValues.codec(type);
            text = codec.format(codec.decode(bytes, PROTOCOL));
        }
        return !nested && ScalarValues.QUOTED_SCALARS.contains(type) && ScalarValues.isQuoted(text)
                ? ScalarValues.unquote(text)
                : text;
    }

    /** The one join loop: {@code open}, the items separated by ", ", {@code close}. */
    private static String join(String open, String close, int count, IntFunction<String> item) {
        StringBuilder sb = new StringBuilder(open);
        for (int i = 0; i < count; i++) {
            sb.append(i == 0 ? "" : ", ").append(item.apply(i));
        }
        return sb.append(close).toString();
    }
}
