package io.ringmap.cql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CqlIdentifiersTest {

    // unreserved keywords (key, type, ttl, keyspaces) are valid bare identifiers in Cassandra 5.0
    @ParameterizedTest
    @ValueSource(strings = {"sensor_id", "t2", "key", "type", "ttl", "keyspaces"})
    void leavesPlainLowerCaseNamesBare(String name) {
        assertThat(CqlIdentifiers.identifier(name)).isEqualTo(name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"select", "table", "token", "from", "keyspace", "nan", "infinity"})
    void quotesCassandra50ReservedKeywords(String keyword) {
        assertThat(CqlIdentifiers.identifier(keyword)).isEqualTo("\"" + keyword + "\"");
    }

    @Test
    void knowsCassandra50sReservedKeywordsInAnyCase() {
        assertThat(CqlIdentifiers.isReserved("Where")).isTrue();
        assertThat(CqlIdentifiers.RESERVED_KEYWORDS).hasSize(57);
    }

    @ParameterizedTest
    @ValueSource(strings = {"From", "IndexInfo", "key col", "a-b", "_x", "1st", "é"})
    void quotesUpperCaseAndCharactersOutsideLowerCaseAlphanumerics(String name) {
        assertThat(CqlIdentifiers.identifier(name)).isEqualTo("\"" + name + "\"");
    }

    @Test
    void doublesEmbeddedDoubleQuotes() {
        assertThat(CqlIdentifiers.identifier("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
        assertThat(CqlIdentifiers.identifier("\"")).isEqualTo("\"\"\"\"");
    }

    @Test
    void qualifiesKeyspaceAndTable() {
        assertThat(CqlIdentifiers.qualified("select", "table")).isEqualTo("\"select\".\"table\"");
        assertThat(CqlIdentifiers.qualified("iot", "readings")).isEqualTo("iot.readings");
    }
}
