package io.ringmap.schema;

import static io.ringmap.schema.KeyValues.canonical;
import static io.ringmap.schema.KeyValues.hex;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.type.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The codec as its callers see it: every scalar type, canonical text round trips, error messages. */
class KeyValueCodecTest {

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "int       | 1                     | 00000001",
                "int       | 01                    | 00000001",
                "int       | -1                    | ffffffff",
                "int       | 2147483647            | 7fffffff",
                "bigint    | 1                     | 0000000000000001",
                "bigint    | -9223372036854775808  | 8000000000000000",
                "smallint  | 1                     | 0001",
                "smallint  | -2                    | fffe",
                "tinyint   | -1                    | ff",
                "tinyint   | 127                   | 7f",
                "varint    | 0                     | 00",
                "varint    | 127                   | 7f",
                "varint    | 128                   | 0080",
                "varint    | -1                    | ff",
                "varint    | -128                  | 80",
                "varint    | -129                  | ff7f",
                "decimal   | 12.50                 | 0000000204e2",
                "decimal   | 1E+3                  | fffffffd01",
                "float     | 1.5                   | 3fc00000",
                "double    | 1.5                   | 3ff8000000000000",
                "double    | -0.0                  | 8000000000000000",
                "boolean   | true                  | 01",
                "boolean   | FALSE                 | 00",
                "uuid      | 123e4567-e89b-12d3-a456-426614174000 | 123e4567e89b12d3a456426614174000",
                "uuid      | '123e4567-e89b-12d3-a456-426614174000' | 123e4567e89b12d3a456426614174000",
                "timeuuid  | 50554d6e-29bb-11e5-b345-feff819cdc9f | 50554d6e29bb11e5b345feff819cdc9f",
                "timestamp | 0                     | 0000000000000000",
                "timestamp | 1790848800000         | 000001a0f6e81500",
                "timestamp | 2026-10-01T10:00:00Z  | 000001a0f6e81500",
                "timestamp | 2026-10-01T10:00:00.000Z | 000001a0f6e81500",
                "timestamp | 2026-10-01T12:00:00+02:00 | 000001a0f6e81500",
                "timestamp | 2026-10-01 10:00:00   | 000001a0f6e81500",
                "timestamp | '2026-10-01T10:00:00Z' | 000001a0f6e81500",
                // before 1582-10-15 in the proleptic Gregorian calendar, as Cassandra reads a literal and a driver
                // binds
                // an Instant (the driver's text codec alone would read 0001-01-01 two days earlier, as Julian)
                "timestamp | 0001-01-01T00:00:00Z  | ffffc77cedd32800",
                "timestamp | 0001-01-01            | ffffc77cedd32800",
                "timestamp | -62135596800000       | ffffc77cedd32800",
                "timestamp | '1500-06-01 10:00:00.123+0100' | fffff285c132e6fb",
                "timestamp | 1582-10-10            | fffff4e2dfa4e000",
                "timestamp | 1582-10-04T23:00-14:00 | fffff4e2c8af3080",
                "timestamp | 1582-10-15T00:00:00Z  | fffff4e2f964ac00",
                "date      | 1970-01-01            | 80000000",
                "date      | 2026-10-01            | 800050f7",
                "date      | '2026-10-01'          | 800050f7",
                "date      | 2147483648            | 80000000",
                "time      | 10:00:00              | 000020bde7364000",
                "time      | '10:00:00'            | 000020bde7364000",
                "time      | 36000000000000        | 000020bde7364000",
                "inet      | 127.0.0.1             | 7f000001",
                "inet      | '127.0.0.1'           | 7f000001",
                "inet      | ::1                   | 00000000000000000000000000000001",
                "blob      | 0xCAFE                | cafe",
                "blob      | cafe                  | cafe",
                "text      | héllo                 | 68c3a96c6c6f",
                "text      | it's                  | 69742773",
                "varchar   | 'a'                   | 276127",
                "ascii     | sensor-17             | 73656e736f722d3137",
            })
    void serializesEveryScalarTypeAsCassandraDoes(String type, String value, String expected) {
        assertThat(hex(type, value)).isEqualTo(expected);
    }

    @Test
    void keepsTextValuesVerbatimIncludingEmptyAndSpaces() {
        assertThat(hex("text", "")).isEmpty();
        assertThat(hex("text", " a ")).isEqualTo("206120");
        assertThat(hex("text", "null")).isEqualTo("6e756c6c");
        assertThat(hex("blob", "0x")).isEmpty();
    }

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "int       | 01                     | 1",
                "varint    | -0129                  | -129",
                "decimal   | 12.50                  | 12.50",
                "float     | 1                      | 1.0",
                "boolean   | TRUE                   | true",
                "uuid      | 123E4567-E89B-12D3-A456-426614174000 | 123e4567-e89b-12d3-a456-426614174000",
                "timestamp | 1790848800000          | 2026-10-01T10:00:00.000Z",
                "date      | '2026-10-01'           | 2026-10-01",
                "time      | 10:00                  | 10:00:00.000000000",
                "inet      | 127.0.0.1              | 127.0.0.1",
                "blob      | CAFE                   | 0xcafe",
                "text      | it's                   | it's",
                "frozen<list<text>> | ['a', 'it''s'] | ['a', 'it''s']",
                "frozen<set<int>>   | {3, 1, 2, 1}  | {1, 2, 3}",
                "frozen<map<text, date>> | {'b': 2026-10-02, 'a': '2026-10-01'} | {'a': '2026-10-01', 'b': '2026-10-02'}",
                "tuple<int, text, timestamp> | (1, 'x', 0) | (1, 'x', '1970-01-01T00:00:00.000Z')",
                "timestamp | -62135596800000        | 0001-01-01T00:00:00.000Z",
                "timestamp | 1500-06-01T10:00:00.123+01:00 | 1500-06-01T09:00:00.123Z",
                "timestamp | -62135596800001        | -62135596800001",
                "frozen<list<timestamp>> | [-62135596800000] | ['0001-01-01T00:00:00.000Z']",
                "tuple<int, text>   | (1, null)     | (1, null)",
            })
    void givesEqualValuesTheSameCanonicalText(String type, String value, String expected) {
        assertThat(canonical(type, value)).isEqualTo(expected);
        // the canonical text is itself valid input for the same bytes
        assertThat(hex(type, canonical(type, value))).isEqualTo(hex(type, value));
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "int       | abc                | whole number between -2147483648 and 2147483647",
                "int       | 2147483648         | whole number between -2147483648 and 2147483647",
                "int       | 1.5                | whole number",
                "int       | \"\"                 | the value is empty",
                "int       | null               | cannot be null",
                "tinyint   | 128                | between -128 and 127",
                "boolean   | yes                | expected true or false",
                "date      | 2026-13-01         | expected a date such as 2026-10-01",
                "date      | abc                | expected a date such as 2026-10-01",
                "uuid      | not-a-uuid         | expected a UUID",
                "uuid      | 1-2-3-4-5          | expected a UUID",
                "timeuuid  | 123e4567-e89b-42d3-a456-426614174000 | version 1",
                "timestamp | yesterday          | expected a date-time",
                "timestamp | 0300-02-29         | no date-time of the proleptic Gregorian calendar",
                "time      | 25:00:00           | expected a time of day",
                "inet      | localhost          | expected an IPv4 or IPv6 address",
                "inet      | 1.2.3.256          | expected an IPv4 or IPv6 address",
                "blob      | 0xCAF              | expected hexadecimal bytes",
                "blob      | xyz                | expected hexadecimal bytes",
                "ascii     | héllo              | outside US-ASCII",
                "frozen<list<int>> | [1, x]     | int element 'x' is invalid",
                "frozen<list<int>> | 1, 2       | expected '['",
                "frozen<list<int>> | [1, 2      | expected ']'",
                "frozen<list<int>> | [1, null]  | cannot be null",
                "frozen<set<text>> | {a, 'b'}   | must be quoted as in CQL ('a')",
                "frozen<list<text>> | [a b]     | must be quoted",
                "frozen<map<text, int>> | {a: 1} | must be quoted",
                "tuple<int, text>  | (1, x)     | must be quoted",
                "tuple<int, int>   | (1, 2, 3)  | more than 2 components",
                "frozen<map<int, int>> | {1: 1, 1: 2} | duplicate key 1; Cassandra itself does not read such literals consistently",
            })
    void rejectsInvalidValuesNamingColumnValueAndType(String type, String value, String reason) {
        KeyColumn c = new KeyColumn("day", CqlTypeParser.parse(type));
        assertThatThrownBy(() -> KeyValueCodec.serialize(c, value))
                .isInstanceOf(InvalidKeyValueException.class)
                .hasMessageStartingWith(
                        "value '" + value + "' for partition key column 'day' is not a valid " + c.cqlType() + ": ")
                .hasMessageContaining(reason)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("Exception", "java."));
    }

    @Test
    void namesTheDateColumnInTheMessage() {
        KeyColumn day = new KeyColumn("day", DataTypes.DATE);
        assertThatThrownBy(() -> KeyValueCodec.serialize(day, "abc"))
                .isInstanceOf(InvalidKeyValueException.class)
                .hasMessage("value 'abc' for partition key column 'day' is not a valid date: expected a date such as"
                        + " 2026-10-01, or Cassandra's unsigned day number (2147483648 is 1970-01-01)")
                .extracting(e -> ((InvalidKeyValueException) e).expectedCqlType())
                .isEqualTo("date");
    }
}
