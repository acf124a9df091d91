package io.ringmap.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.type.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class CqlTypeParserTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "text | text",
                "VARCHAR | text",
                "ascii | ascii",
                "int | int",
                "bigint | bigint",
                "smallint | smallint",
                "tinyint | tinyint",
                "varint | varint",
                "decimal | decimal",
                "float | float",
                "double | double",
                "boolean | boolean",
                "uuid | uuid",
                "timeuuid | timeuuid",
                "timestamp | timestamp",
                "date | date",
                "time | time",
                "inet | inet",
                "blob | blob",
                "  Int  | int",
                "frozen<list<int>> | frozen<list<int>>",
                "FROZEN < SET < Text > > | frozen<set<text>>",
                "frozen<map<text, date>> | frozen<map<text, date>>",
                "tuple<int,text> | frozen<tuple<int, text>>",
                "frozen<tuple<int, text>> | frozen<tuple<int, text>>",
                "frozen<list<list<int>>> | frozen<list<frozen<list<int>>>>",
                "tuple<int, list<text>> | frozen<tuple<int, frozen<list<text>>>>",
            })
    void parsesPartitionKeyTypesCaseInsensitivelyAndWhitespaceTolerant(String cql, String canonical) {
        assertThat(CqlTypeParser.parse(cql).asCql(true, true)).isEqualTo(canonical);
    }

    @Test
    void buildsTheDriversOwnTypes() {
        assertThat(CqlTypeParser.parse("varchar")).isEqualTo(DataTypes.TEXT);
        assertThat(CqlTypeParser.parse("frozen<map<text, int>>"))
                .isEqualTo(DataTypes.frozenMapOf(DataTypes.TEXT, DataTypes.INT));
        assertThat(CqlTypeParser.parse("tuple<int, date>")).isEqualTo(DataTypes.tupleOf(DataTypes.INT, DataTypes.DATE));
    }

    @Test
    void rejectsDurationInAPartitionKey() {
        assertThatThrownBy(() -> CqlTypeParser.parse("duration"))
                .isInstanceOf(UnsupportedKeyTypeException.class)
                .hasMessage("CQL type 'duration' cannot be part of a partition key: Cassandra does not allow duration"
                        + " in a primary key");
        assertThatThrownBy(() -> CqlTypeParser.parse("tuple<int, duration>"))
                .isInstanceOf(UnsupportedKeyTypeException.class)
                .hasMessageContaining("does not allow duration");
        assertThatThrownBy(() -> new KeyColumn("d", DataTypes.DURATION))
                .isInstanceOf(UnsupportedKeyTypeException.class);
    }

    @Test
    void rejectsAnUnknownTypeNamingIt() {
        assertThatThrownBy(() -> CqlTypeParser.parse("address"))
                .isInstanceOf(UnsupportedKeyTypeException.class)
                .hasMessageStartingWith("unknown CQL type 'address'")
                .extracting(e -> ((UnsupportedKeyTypeException) e).typeText())
                .isEqualTo("address");
        assertThatThrownBy(() -> CqlTypeParser.parse("frozen<address>"))
                .hasMessageStartingWith("unknown CQL type 'address' in 'frozen<address>'");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "counter",
                "list<int>",
                "map<text, int>",
                "frozen<int>",
                "vector<float, 3>",
                "'org.apache.cassandra.db.marshal.LexicalUUIDType'",
                "",
                "frozen<list<int>",
                "int int",
                "tuple<>"
            })
    void rejectsTypesThatCannotBeOrAreNotSupportedAsPartitionKeys(String cql) {
        assertThatThrownBy(() -> CqlTypeParser.parse(cql))
                .isInstanceOf(UnsupportedKeyTypeException.class)
                .hasMessageContaining("CQL type");
    }
}
