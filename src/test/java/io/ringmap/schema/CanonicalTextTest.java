package io.ringmap.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.DataTypes;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Serialized values back to text: one join for lists, sets, maps, tuples and UDTs; quotes only inside literals. */
class CanonicalTextTest {

    private static String format(String cqlType, String hex) {
        return CanonicalText.format(
                CqlTypeParser.parse(cqlType), ByteBuffer.wrap(HexFormat.of().parseHex(hex)), false);
    }

    @Test
    void formatsEveryKindOfLiteralWithOneSeparator() {
        assertThat(format("frozen<list<int>>", "00000002" + "0000000400000001" + "0000000400000002"))
                .isEqualTo("[1, 2]");
        assertThat(format("frozen<list<int>>", "00000000")).isEqualTo("[]");
        assertThat(format("frozen<set<text>>", "00000002" + "0000000161" + "0000000162"))
                .isEqualTo("{'a', 'b'}");
        assertThat(format("frozen<map<text, int>>", "00000001" + "0000000161" + "0000000400000001"))
                .isEqualTo("{'a': 1}");
        assertThat(format("tuple<int, text>", "0000000400000001ffffffff")).isEqualTo("(1, null)");
    }

    @Test
    void namesUdtFieldsAndQuotesTextOnlyInsideLiterals() {
        DataType address =
                new TestUdt("iot", "address", List.of("street", "zip"), List.of(DataTypes.TEXT, DataTypes.INT));
        ByteBuffer bytes = ByteBuffer.wrap(HexFormat.of().parseHex("00000004" + "6d61696e" + "0000000400000001"));
        assertThat(CanonicalText.format(address, bytes, false)).isEqualTo("{street: 'main', zip: 1}");
        assertThat(format("text", "6d61696e")).isEqualTo("main");
        assertThat(format("date", "800050f7")).isEqualTo("2026-10-01");
        assertThat(format("frozen<list<date>>", "00000001" + "00000004800050f7"))
                .isEqualTo("['2026-10-01']");
    }

    @Test
    void refusesBytesThatAreNotAFramedValue() {
        assertThatThrownBy(() -> format("frozen<list<int>>", "00000002" + "0000000400000001"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("malformed serialized value");
    }
}
