package io.ringmap.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.type.DataTypes;
import io.ringmap.token.Murmur3Partitioner;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PartitionKeyParserTest {

    private static final TableSchema USERS =
            new TableSchema("app", "users", List.of(new KeyColumn("id", DataTypes.INT)));
    private static final TableSchema READINGS = new TableSchema(
            "iot",
            "readings",
            List.of(new KeyColumn("sensor_id", DataTypes.TEXT), new KeyColumn("day", DataTypes.DATE)));

    @Test
    void hashesIntOneToCassandrasToken() {
        ParsedKey key = PartitionKeyParser.parse(USERS, Map.of("id", "1"));

        assertThat(HexFormat.of().formatHex(key.serializedKey())).isEqualTo("00000001");
        assertThat(Murmur3Partitioner.INSTANCE.tokenFor(key.serializedKey()).value())
                .isEqualTo(-4069959284402364209L);
        assertThat(key.canonicalComponents()).containsExactly("1");
    }

    @Test
    void serializesCompositeKeyAsCassandraDoes() {
        // the reference example: PRIMARY KEY ((sensor_id, day), ts), key ('sensor-17', '2026-10-01')
        ParsedKey key = PartitionKeyParser.parse(READINGS, Map.of("day", "2026-10-01", "sensor_id", "sensor-17"));

        assertThat(HexFormat.of().formatHex(key.serializedKey()))
                .isEqualTo("0009" + "73656e736f722d3137" + "00" // 2-byte length, 'sensor-17' in UTF-8, end-of-component
                        + "0004" + "800050f7" + "00"); // 2-byte length, days since epoch + 2^31, end-of-component
        assertThat(key.canonicalComponents()).containsExactly("sensor-17", "2026-10-01");
    }

    @Test
    void givesTheSameKeyForEquivalentSpellings() {
        ParsedKey a = PartitionKeyParser.parse(READINGS, Map.of("sensor_id", "s", "day", "2026-10-01"));
        ParsedKey b = PartitionKeyParser.parse(READINGS, Map.of("SENSOR_ID", "s", "Day", "'2026-10-01'"));
        assertThat(b).isEqualTo(a);
    }

    @Test
    void reportsMissingComponentsWithTheExpectedColumns() {
        assertThatThrownBy(() -> PartitionKeyParser.parse(READINGS, Map.of("sensor_id", "s")))
                .isInstanceOfSatisfying(KeyComponentsException.class, e -> {
                    assertThat(e.missing()).containsExactly("day");
                    assertThat(e.unknown()).isEmpty();
                    assertThat(e.expected()).containsExactly("sensor_id", "day");
                })
                .hasMessage("missing partition key column(s) [day]; the partition key columns are [sensor_id, day]");
    }

    @Test
    void reportsUnknownComponentsWithTheExpectedColumns() {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("sensor_id", "s");
        values.put("day", "2026-10-01");
        values.put("ts", "0");
        assertThatThrownBy(() -> PartitionKeyParser.parse(READINGS, values))
                .isInstanceOfSatisfying(KeyComponentsException.class, e -> {
                    assertThat(e.missing()).isEmpty();
                    assertThat(e.unknown()).containsExactly("ts");
                })
                .hasMessage("unknown partition key column(s) [ts]; the partition key columns are [sensor_id, day]");
    }

    @Test
    void treatsTwoSpellingsOfOneColumnAsUnknown() {
        assertThatThrownBy(() -> PartitionKeyParser.parse(USERS, Map.of("ID", "1", "Id", "2")))
                .isInstanceOfSatisfying(KeyComponentsException.class, e -> {
                    assertThat(e.missing()).containsExactly("id");
                    assertThat(e.unknown()).containsExactlyInAnyOrder("ID", "Id");
                });
    }

    @Test
    void rejectsAnEmptySingleColumnKeyAsCassandraDoes() {
        TableSchema byName = new TableSchema("app", "by_name", List.of(new KeyColumn("name", DataTypes.TEXT)));
        assertThatThrownBy(() -> PartitionKeyParser.parse(byName, Map.of("name", "")))
                .isInstanceOf(InvalidKeyValueException.class)
                .hasMessageContaining("Cassandra does not accept an empty partition key");
        // an empty component of a composite key is fine
        assertThat(PartitionKeyParser.parse(READINGS, Map.of("sensor_id", "", "day", "1970-01-01"))
                        .serializedKey())
                .containsExactly(0, 0, 0, 0, 4, 0x80, 0, 0, 0, 0);
    }

    @Test
    void rejectsAKeyLargerThanCassandraAllows() {
        TableSchema byName = new TableSchema("app", "by_name", List.of(new KeyColumn("name", DataTypes.TEXT)));
        assertThatThrownBy(() -> PartitionKeyParser.parse(byName, Map.of("name", "x".repeat(65536))))
                .isInstanceOf(InvalidKeyValueException.class)
                .hasMessageContaining("65536 bytes");
    }

    @Test
    void namesTheColumnOfAnInvalidValue() {
        assertThatThrownBy(() -> PartitionKeyParser.parse(READINGS, Map.of("sensor_id", "s", "day", "abc")))
                .isInstanceOf(InvalidKeyValueException.class)
                .hasMessageStartingWith("value 'abc' for partition key column 'day' is not a valid date: ");
    }
}
