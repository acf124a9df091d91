package io.ringmap.schema;

import java.util.HexFormat;

/** Key values through the codec, for the codec's tests: hex of the serialized bytes, canonical text. */
final class KeyValues {

    private KeyValues() {}

    /** The bytes a value of the type serializes to, as hex. */
    static String hex(String cqlType, String value) {
        return HexFormat.of().formatHex(KeyValueCodec.serialize(column(cqlType), value));
    }

    /** The canonical text of a value of the type. */
    static String canonical(String cqlType, String value) {
        KeyColumn c = column(cqlType);
        return KeyValueCodec.canonicalText(c, KeyValueCodec.serialize(c, value));
    }

    private static KeyColumn column(String cqlType) {
        return new KeyColumn("k", CqlTypeParser.parse(cqlType));
    }
}
