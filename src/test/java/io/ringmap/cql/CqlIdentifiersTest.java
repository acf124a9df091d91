package io.ringmap.cql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CqlIdentifiersTest {

    @Test
    void leavesPlainLowerCaseNamesBare() {
        assertThat(CqlIdentifiers.identifier("sensor_id")).isEqualTo("sensor_id");
        assertThat(CqlIdentifiers.identifier("t2")).isEqualTo("t2");
        // unreserved keywords are valid bare identifiers in Cassandra 5.0
        assertThat(CqlIdentifiers.identifier("key")).isEqualTo("key");
        assertThat(CqlIdentifiers.identifier("type")).isEqualTo("type");
        assertThat(CqlIdentifiers.identifier("ttl")).isEqualTo("ttl");
        assertThat(CqlIdentifiers.identifier("keyspaces")).isEqualTo("keyspaces");
    }

    @Test
    void quotesCassandra50ReservedKeywordsInAnyCase() {
        assertThat(CqlIdentifiers.identifier("select")).isEqualTo("\"select\"");
        assertThat(CqlIdentifiers.identifier("table")).isEqualTo("\"table\"");
        assertThat(CqlIdentifiers.identifier("token")).isEqualTo("\"token\"");
        assertThat(CqlIdentifiers.identifier("from")).isEqualTo("\"from\"");
        assertThat(CqlIdentifiers.identifier("keyspace")).isEqualTo("\"keyspace\"");
        assertThat(CqlIdentifiers.identifier("nan")).isEqualTo("\"nan\"");
        assertThat(CqlIdentifiers.identifier("infinity")).isEqualTo("\"infinity\"");
        assertThat(CqlIdentifiers.isReserved("Where")).isTrue();
        assertThat(CqlIdentifiers.RESERVED_KEYWORDS).hasSize(57);
    }

    @Test
    void quotesUpperCaseAndCharactersOutsideLowerCaseAlphanumerics() {
        assertThat(CqlIdentifiers.identifier("From")).isEqualTo("\"From\"");
        assertThat(CqlIdentifiers.identifier("IndexInfo")).isEqualTo("\"IndexInfo\"");
        assertThat(CqlIdentifiers.identifier("key col")).isEqualTo("\"key col\"");
        assertThat(CqlIdentifiers.identifier("a-b")).isEqualTo("\"a-b\"");
        assertThat(CqlIdentifiers.identifier("_x")).isEqualTo("\"_x\"");
        assertThat(CqlIdentifiers.identifier("1st")).isEqualTo("\"1st\"");
        assertThat(CqlIdentifiers.identifier("é")).isEqualTo("\"é\"");
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
