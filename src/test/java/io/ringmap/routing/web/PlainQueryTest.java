package io.ringmap.routing.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.tomcat.util.buf.UDecoder;
import org.apache.tomcat.util.http.Parameters;
import org.junit.jupiter.api.Test;

/**
 * {@link PlainQuery} against the oracle, Tomcat's own query parser: whatever it reads, Tomcat reads the same names and
 * values from; what it leaves alone includes everything Tomcat refuses.
 */
class PlainQueryTest {

    @Test
    void readsPlainQueriesInOrder() {
        assertThat(PlainQuery.read(null)).isEmpty();
        assertThat(PlainQuery.read("")).isEmpty();
        assertThat(PlainQuery.read("keyspace=iot&table=readings&sensor_id=s-1&day=2026-10-01")).containsExactly(
                "keyspace", "iot", "table", "readings", "sensor_id", "s-1", "day", "2026-10-01");
        assertThat(PlainQuery.read("k=caf%C3%A9+x%2By%26z%3D&flag&e=")).containsExactly(
                "k", "café x+y&z=", "flag", "", "e", "");
        assertThat(PlainQuery.read("k=%F0%9F%98%80&%6Bey=a=b")).containsExactly("k", "😀", "key", "a=b");
    }

    @Test
    void leavesWhatIsNotPlainToTheContainer() {
        for (String notPlain : new String[] {"&", "a&", "&a", "a&&b", "=x", "a=1&=x", "k=%", "k=%4", "k=%ZZ",
                "k=%4G", "%=x", "k=%C0%80", "k=%ED%A0%80", "k=%FF", "k=%E2%82", "k=a b", "k=é", "k=\t",
                "k=a\u007f", "a=1&".repeat(PlainQuery.MAX_PARAMETERS) + "b=2"}) {
            assertThat(PlainQuery.read(notPlain)).as(notPlain).isNull();
        }
        assertThat(PlainQuery.read("a=1&".repeat(PlainQuery.MAX_PARAMETERS - 1) + "b=2")).hasSize(
                2 * PlainQuery.MAX_PARAMETERS);
    }

    @Test
    void readsWhatTomcatReadsWheneverItReadsAtAll() {
        String[] pieces = {"a", "b", "keyspace", "pk.x", "=", "=", "&", "&", "%", "%2", "%41", "%6b", "%C3%A9",
                "%C0%80", "%FF", "%E2%82%AC", "%E2%82", "+", "%2B", "%26", "%3D", "%25", "x", "-", ".", "~", "*", ";",
                "%00", "%0A", "%20", "9", "%F0%9F%98%80", "%ED%A0%80"};
        Random random = new Random(20261201);
        int read = 0;
        for (int i = 0; i < 200_000; i++) {
            StringBuilder q = new StringBuilder();
            int n = 1 + random.nextInt(14);
            for (int p = 0; p < n; p++) {
                q.append(pieces[random.nextInt(pieces.length)]);
            }
            String query = q.toString();
            String[] plain = PlainQuery.read(query);
            if (plain == null) {
                continue;
            }
            read++;
            assertThat(grouped(plain)).as(query).isEqualTo(tomcat(query));
        }
        // the property is not vacuous: a good share of the generated queries was read
        assertThat(read).isGreaterThan(20_000);
    }

    private static Map<String, List<String>> grouped(String[] namesAndValues) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            out.computeIfAbsent(namesAndValues[i], k -> new ArrayList<>()).add(namesAndValues[i + 1]);
        }
        return out;
    }

    /** What Tomcat reads; a query it fails on reads as a map with only the key "failed". */
    private static Map<String, List<String>> tomcat(String query) {
        Parameters parameters = new Parameters();
        parameters.setCharset(StandardCharsets.UTF_8);
        parameters.setQueryStringCharset(StandardCharsets.UTF_8);
        parameters.setURLDecoder(new UDecoder());
        byte[] bytes = query.getBytes(StandardCharsets.ISO_8859_1);
        try {
            parameters.processParameters(bytes, 0, bytes.length);
        } catch (RuntimeException failed) {
            return Map.of("failed", List.of(String.valueOf(failed)));
        }
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String name : Collections.list(parameters.getParameterNames())) {
            out.put(name, List.of(parameters.getParameterValues(name)));
        }
        return out;
    }
}
