package io.ringmap.schema;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.MapType;
import com.datastax.oss.driver.api.core.type.SetType;
import com.datastax.oss.driver.api.core.type.TupleType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;

/**
 * Reads a CQL literal of a list, set, map, tuple or user-defined type ({@code [1, 2]}, {@code {'a': 1}},
 * {@code (1, 'x')}, {@code {f: 1}}) and serializes it, composing the driver's scalar encodings
 * ({@link ScalarValues}) with Cassandra's {@link Framing}. Sets and map keys are sorted ({@link CassandraOrder}) and
 * deduplicated as Cassandra does.
 */
final class CqlLiteralReader extends TextCursor {

    CqlLiteralReader(String text) {
        super(text);
    }

    /** The serialized value, or null for a {@code null} literal; {@code key} when a ':' ends a bare value. */
    ByteBuffer value(DataType type, boolean key) {
        skipSpaces();
        if (type instanceof ListType l) {
            return Framing.collection(elements('[', ']', l.getElementType()));
        }
        if (type instanceof SetType s) {
            return Framing.collection(sorted(elements('{', '}', s.getElementType()), s.getElementType()));
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
            return ScalarValues.serialize(type, raw, true);
        } catch (ValueException e) {
            throw new ValueException(
                    type.asCql(true, true) + " element '" + raw.strip() + "' is invalid: " + e.getMessage());
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
                    throw error("the map has a duplicate key " + CanonicalText.format(type.getKeyType(), e[0], true)
                            + "; Cassandra itself does not read such literals consistently (rows written with one"
                            + " are not always found again with the same literal), so ringmap rejects them");
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
        return Framing.frame(entries.size(), flat, true);
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
        // mirrors Tuples.Literal: fewer components than the type are allowed, and only those given are serialized
        return Framing.frame(-1, values, false);
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
                    throw error("'" + name + "' is not a field of " + type.asCql(false, true) + "; fields are "
                            + names.stream().map(n -> n.asCql(true)).toList());
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
        return Framing.frame(-1, Arrays.asList(values), false);
    }

    private Comparator<ByteBuffer> comparator(DataType type, String what) {
        Comparator<ByteBuffer> c = CassandraOrder.of(type);
        if (c == null) {
            throw error(what + " of type " + type.asCql(true, true) + " have no Cassandra order in ringmap;"
                    + " give at most one");
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
        while (pos < text.length()
                && ",]})".indexOf(text.charAt(pos)) < 0
                && "[{(".indexOf(text.charAt(pos)) < 0
                && !(key && text.charAt(pos) == ':')) {
            pos++;
        }
        if (start == pos) {
            throw error(
                    pos < text.length()
                            ? "unexpected '" + text.charAt(pos) + "' at position " + pos
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
