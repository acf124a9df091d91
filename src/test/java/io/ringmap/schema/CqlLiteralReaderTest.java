package io.ringmap.schema;

import static io.ringmap.schema.KeyValues.canonical;
import static io.ringmap.schema.KeyValues.hex;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.api.core.type.codec.TypeCodec;
import com.datastax.oss.driver.api.core.type.codec.registry.CodecRegistry;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/** CQL literals of collections, tuples and UDTs, framed as Cassandra (and the driver) frame them. */
class CqlLiteralReaderTest {

    /** The driver's own encoding of a CQL literal: an independent oracle for collection framing. */
    @SuppressWarnings("unchecked")
    private static String driverHex(DataType type, String literal) {
        TypeCodec<Object> codec = (TypeCodec<Object>) (TypeCodec<?>) CodecRegistry.DEFAULT.codecFor(type);
        ByteBuffer b = codec.encode(codec.parse(literal), ProtocolVersion.DEFAULT);
        byte[] out = new byte[b.remaining()];
        b.get(out);
        return HexFormat.of().formatHex(out);
    }

    @Test
    void serializesFrozenCollectionsAndTuplesAsTheDriverDoes() {
        assertThat(hex("frozen<list<int>>", "[1, 2]"))
                .isEqualTo("00000002" + "0000000400000001" + "0000000400000002")
                .isEqualTo(driverHex(DataTypes.frozenListOf(DataTypes.INT), "[1,2]"));
        assertThat(hex("frozen<list<int>>", "[]")).isEqualTo("00000000");
        assertThat(hex("frozen<map<text, int>>", "{'a': 1, 'b': 2}"))
                .isEqualTo(driverHex(DataTypes.frozenMapOf(DataTypes.TEXT, DataTypes.INT), "{'a':1,'b':2}"));
        assertThat(hex("tuple<int, text>", "(1, 'x')"))
                .isEqualTo("00000004" + "00000001" + "00000001" + "78")
                .isEqualTo(driverHex(DataTypes.tupleOf(DataTypes.INT, DataTypes.TEXT), "(1,'x')"));
        assertThat(hex("tuple<int, text>", "(1, null)")).isEqualTo("0000000400000001ffffffff");
        assertThat(hex("frozen<list<frozen<tuple<int, date>>>>", "[(1, 2026-10-01)]"))
                .isEqualTo("00000001" + "00000010" + "0000000400000001" + "00000004800050f7");
    }

    @Test
    void sortsAndDeduplicatesSetsAndMapKeysAsCassandraDoes() {
        // Cassandra stores frozen sets sorted by the element type's comparator, so {3,1,2} and {1,2,3} are one key
        assertThat(hex("frozen<set<int>>", "{3, 1, 2, 3}"))
                .isEqualTo(hex("frozen<set<int>>", "{1,2,3}"))
                .isEqualTo(driverHex(DataTypes.frozenSetOf(DataTypes.INT), "{1,2,3}"));
        // signed numeric order, not byte order: -1 sorts before 1
        assertThat(canonical("frozen<set<int>>", "{1, -1}")).isEqualTo("{-1, 1}");
        assertThat(canonical("frozen<set<text>>", "{'b', 'a', 'é', 'z'}")).isEqualTo("{'a', 'b', 'z', 'é'}");
        assertThat(canonical("frozen<map<int, text>>", "{2: 'b', -5: 'a'}")).isEqualTo("{-5: 'a', 2: 'b'}");
    }

    @Test
    void writesUserDefinedTypeFieldNamesAsCassandra50ReadsThem() {
        TestUdt t = new TestUdt(
                "iot", "odd", List.of("from", "Upper", "plain"), List.of(DataTypes.INT, DataTypes.INT, DataTypes.INT));
        KeyColumn column = new KeyColumn("k", t);
        byte[] bytes = KeyValueCodec.serialize(column, "{\"from\": 1, \"Upper\": 2, plain: 3}");
        String text = KeyValueCodec.canonicalText(column, bytes);
        assertThat(text).isEqualTo("{\"from\": 1, \"Upper\": 2, plain: 3}");
        assertThat(KeyValueCodec.serialize(column, text)).isEqualTo(bytes);
    }

    @Test
    void serializesUserDefinedTypeValuesFromDriverMetadataTypes() {
        TestUdt address =
                new TestUdt("iot", "address", List.of("street", "zip"), List.of(DataTypes.TEXT, DataTypes.INT));
        KeyColumn column = new KeyColumn("home", address);
        byte[] bytes = KeyValueCodec.serialize(column, "{zip: 1, street: 'main'}");
        assertThat(HexFormat.of().formatHex(bytes)).isEqualTo("00000004" + "6d61696e" + "00000004" + "00000001");
        assertThat(KeyValueCodec.canonicalText(column, bytes)).isEqualTo("{street: 'main', zip: 1}");
        // a field left out is null
        assertThat(HexFormat.of().formatHex(KeyValueCodec.serialize(column, "{street: 'x'}")))
                .isEqualTo("0000000178" + "ffffffff");
        assertThatThrownBy(() -> KeyValueCodec.serialize(column, "{city: 'x'}"))
                .isInstanceOf(InvalidKeyValueException.class)
                .hasMessageContaining("'city' is not a field of");
    }

    @Test
    void readsOneLiteralAndRefusesTrailingText() {
        // given
        CqlLiteralReader reader = new CqlLiteralReader("[1] x");

        // when
        ByteBuffer value = reader.value(CqlTypeParser.parse("frozen<list<int>>"), false);

        // then
        assertThat(value.remaining()).isEqualTo(12);
        assertThatThrownBy(reader::end).hasMessageContaining("unexpected 'x' after the value");
    }

    @Test
    void ordersUuidsByVersionThenTimeButTimeUuidsByTimeThenSignedBytes() {
        String v4 = "123e4567-e89b-42d3-a456-426614174000";
        String v1Late = "00000000-0000-1001-8000-000000000000";
        String v1Early = "00000001-0000-1000-8000-000000000000";
        // UUIDType: version 1 before version 4; among version 1, the earlier timestamp first (not byte order)
        assertThat(canonical("frozen<set<uuid>>", "{" + v4 + ", " + v1Late + ", " + v1Early + "}"))
                .isEqualTo("{" + v1Early + ", " + v1Late + ", " + v4 + "}");
        // TimeUUIDType: equal timestamps compare the clock sequence and node as signed bytes, 0x80 before 0x00
        String low = "00000000-0000-1000-0000-000000000000";
        String high = "00000000-0000-1000-8000-000000000000";
        assertThat(canonical("frozen<set<timeuuid>>", "{" + low + ", " + high + "}"))
                .isEqualTo("{" + high + ", " + low + "}");
        // UUIDType compares the same two unsigned
        assertThat(canonical("frozen<set<uuid>>", "{" + high + ", " + low + "}"))
                .isEqualTo("{" + low + ", " + high + "}");
    }

    @Test
    void ordersTuplesUdtsAndNestedCollectionsElementByElement() {
        assertThat(canonical("frozen<set<frozen<tuple<int, text>>>>", "{(2, 'a'), (1, 'b'), (1, 'a'), (1, null)}"))
                .isEqualTo("{(1, null), (1, 'a'), (1, 'b'), (2, 'a')}");
        // shorter lists first only when they are a prefix: element order decides before length
        assertThat(canonical("frozen<set<frozen<list<int>>>>", "{[2], [1, 5], [1]}"))
                .isEqualTo("{[1], [1, 5], [2]}");
        assertThat(canonical("frozen<map<frozen<set<text>>, int>>", "{{'b'}: 1, {'a', 'c'}: 2}"))
                .isEqualTo("{{'a', 'c'}: 2, {'b'}: 1}");
    }

    @Test
    void serializesOnlyTheComponentsATupleLiteralGives() {
        assertThat(hex("tuple<int, int>", "(1)")).isEqualTo("0000000400000001");
        assertThat(canonical("tuple<int, text, int>", "(1, 'a')")).isEqualTo("(1, 'a')");
    }
}
