package io.ringmap.schema;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.DataTypes;
import java.util.List;
import org.junit.jupiter.api.Test;

class FastScalarsTest {

    @Test
    void givesTheCodecsBytesAndCanonicalTextForEveryValueItTakes() {
        check(
                DataTypes.TEXT,
                List.of("sensor-17", "", " padded ", "caf\u00e9", "a:b\\c", "\u4e2d\u6587", "NULL", "'quoted'"));
        check(
                DataTypes.DATE,
                List.of(
                        "2026-10-01",
                        "1970-01-01",
                        "1969-12-31",
                        "0000-01-01",
                        "9999-12-31",
                        "2024-02-29",
                        "2026-02-30",
                        "2026-13-01",
                        "2026-1-01",
                        "20261001",
                        "2147483648",
                        "'2026-10-01'",
                        " 2026-10-01",
                        "2026-10-0x"));
        check(
                DataTypes.INT,
                List.of(
                        "0",
                        "-0",
                        "01",
                        "-17",
                        "123456789",
                        "2147483647",
                        "-2147483648",
                        "2147483648",
                        "+5",
                        "-",
                        "1e3",
                        " 1"));
        check(
                DataTypes.BIGINT,
                List.of(
                        "0",
                        "-0",
                        "007",
                        "123456789012345678",
                        "9223372036854775807",
                        "-9223372036854775808",
                        "9223372036854775808",
                        "1.0"));
    }

    @Test
    void leavesSurrogatesToTheCodec() {
        // an unpaired surrogate is encoded as '?', so the canonical text is not the value itself
        assertThat(FastScalars.serialize(DataTypes.TEXT, "a\ud800b", new String[1], 0))
                .isNull();
        assertThat(FastScalars.serialize(DataTypes.TEXT, "\ud83d\ude00", new String[1], 0))
                .isNull();
    }

    private static void check(DataType type, List<String> values) {
        KeyColumn column = new KeyColumn("c", type);
        int fast = 0;
        for (String value : values) {
            String[] canonical = new String[1];
            byte[] bytes = FastScalars.serialize(type, value, canonical, 0);
            if (bytes == null) {
                continue; // left to the general path
            }
            fast++;
            byte[] expected = KeyValueCodec.serialize(column, value);
            assertThat(bytes).as("%s %s", type, value).isEqualTo(expected);
            assertThat(canonical[0]).as("%s %s", type, value).isEqualTo(KeyValueCodec.canonicalText(column, expected));
        }
        assertThat(fast).as("values of %s taken by the fast path", type).isGreaterThan(2);
    }
}
