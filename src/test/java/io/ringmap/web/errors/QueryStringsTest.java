package io.ringmap.web.errors;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QueryStringsTest {

    @Test
    void acceptsWellFormedQueryStrings() {
        assertThat(QueryStrings.firstViolation(null)).isEmpty();
        assertThat(QueryStrings.firstViolation("")).isEmpty();
        assertThat(QueryStrings.firstViolation("keyspace=iot&table=readings&sensor_id=s%C3%A9+x&day=2026-10-01"))
                .isEmpty();
        assertThat(QueryStrings.firstViolation("a&&b=&c")).isEmpty();
        assertThat(QueryStrings.firstViolation("emoji=%F0%9F%98%80&pct=%25")).isEmpty();
    }

    @Test
    void namesTheParameterWithALonePercentSign() {
        var v = QueryStrings.firstViolation("table=readings&keyspace=%").orElseThrow();
        assertThat(v.parameter()).isEqualTo("keyspace");
        assertThat(v.detail()).contains("'keyspace'").contains("%25").contains("the value is not shown");
    }

    @Test
    void namesTheParameterWithAnEscapeThatIsNotHex() {
        var v = QueryStrings.firstViolation("keyspace=%ZZ").orElseThrow();
        assertThat(v.parameter()).isEqualTo("keyspace");
        assertThat(v.detail()).contains("broken percent-escape").doesNotContain("ZZ");
        assertThat(QueryStrings.firstViolation("k=%4").orElseThrow().detail()).doesNotContain("%4");
    }

    @Test
    void rejectsBytesThatAreNotUtf8() {
        // a UTF-16 surrogate encoded as UTF-8, an overlong NUL, a truncated sequence, a lone continuation byte
        for (String bad : new String[] {"%ED%A0%80", "%C0%80", "%E2%82", "%80", "%FF"}) {
            var v = QueryStrings.firstViolation("sensor_id=" + bad).orElseThrow();
            assertThat(v.parameter()).isEqualTo("sensor_id");
            assertThat(v.detail()).as(bad).contains("UTF-8");
        }
    }

    /** Values may be partition keys (personal data where hot keys are exported hashed): never quoted, not a byte. */
    @Test
    void neverQuotesAValueNorItsBytes() {
        // "patient-4711" with a byte that is not UTF-8 in front, and the same key after a broken escape
        for (String query : new String[] {
            "id=%FFpatient-4711", "id=patient-4711%E2%82", "id=%G1patient-4711", "=patient-4711", "a=1&=patient-4711"
        }) {
            var v = QueryStrings.firstViolation(query).orElseThrow();
            assertThat(v.detail())
                    .as(query)
                    .doesNotContain("patient")
                    .doesNotContain("4711")
                    .doesNotContain("70 61 74"); // "pat" as hex bytes
        }
    }

    @Test
    void checksNamesAndRejectsAValueWithoutAName() {
        assertThat(QueryStrings.firstViolation("key%ZZspace=iot").orElseThrow().detail())
                .contains("parameter name")
                .contains("'%ZZ'");
        assertThat(QueryStrings.firstViolation("=16").orElseThrow().detail())
                .contains("no parameter name")
                .doesNotContain("16");
    }

    @Test
    void showsClientTextWithoutControlCharactersAndShortened() {
        var v = QueryStrings.firstViolation("%0A" + "x".repeat(100) + "=%").orElseThrow();
        assertThat(v.parameter()).doesNotContain("\n").endsWith("...");
    }

    @Test
    void checksThePathParametersSpringMvcDecodes() {
        assertThat(QueryStrings.pathParameterProblem("/ring")).isEmpty();
        assertThat(QueryStrings.pathParameterProblem("/ring;a=b;c=%20/x;y")).isEmpty();
        assertThat(QueryStrings.pathParameterProblem("/ring;jsessionid=x%G0").orElseThrow())
                .contains("';jsessionid'")
                .doesNotContain("x%G0")
                .doesNotContain("%G0");
        assertThat(QueryStrings.pathParameterProblem("/ring;se%ZZssion=x").orElseThrow())
                .contains("'%ZZ'");
        assertThat(QueryStrings.pathParameterProblem("/a;b=%/ring")).isPresent();
    }
}
