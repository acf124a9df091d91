package io.ringmap.routing.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.ringmap.routing.RoutingService;
import io.ringmap.web.ProblemAssertions;
import io.ringmap.web.WebTestSupport;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Batch answers, written straight from the routes ({@link ReplicasResults}, {@link TokenResults}), are byte for byte
 * what the service's mapper writes for the same answer made of plain records: Jackson's own serialization of the
 * response types.
 */
@WebMvcTest(controllers = {TokenController.class, ReplicasController.class})
class BatchAnswerBytesTest {

    // a key needing JSON escapes, a control character, non-ASCII text, a surrogate pair, a separator, an empty text
    private static final String[] SENSORS = {
        "s-1", "quote\\\"back\\\\slash", "tab\\t\\u0001", "caf\u00e9", "\ud83d\ude00", "a:b", ""
    };

    @TestConfiguration
    static class Config {
        @Bean
        RoutingService routingService() {
            return WebTestSupport.routing(WebTestSupport.ringFrom("/topology/batch-bytes.yaml"), 100);
        }
    }

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Autowired
    MockMvc mvc;

    @Autowired
    JsonMapper mapper;

    @Autowired
    ReplicasController replicasController;

    @Autowired
    TokenController tokenController;

    @Test
    void writesReplicasOfKeysAsTheirRecordsInEveryDatacenterFilter() throws Exception {
        for (String dc : new String[] {null, "dc1", "dc2"}) {
            // dc1 holds a transient replica ("3/1"); nodes with and without ports and broadcast addresses
            assertSameBytesAsRecords(
                    "/replicas",
                    "{\"keyspace\":\"wide\",\"table\":\"readings\",\"keys\":[" + keys() + "]" + dc(dc) + "}");
            // uuid and int take the codecs' general path (upper-case uuid and a padded int are canonicalized)
            assertSameBytesAsRecords(
                    "/replicas",
                    "{\"keyspace\":\"wide\",\"table\":\"by_uuid\",\"keys\":["
                            + "{\"id\":\"5132b130-ae79-11e4-ab27-0800200c9a66\",\"n\":\"-2147483648\"},"
                            + "{\"id\":\"5132B130-AE79-11E4-AB27-0800200C9A66\",\"n\":\" 7 \"}]" + dc(dc) + "}");
        }
        assertSameBytesAsRecords(
                "/replicas",
                "{\"keyspace\":\"simple\",\"table\":\"t\",\"keys\":[" + "{\"k\":\"0x00ff\"},{\"k\":\"0xABCDEF\"}]}");
        assertSameBytesAsRecords("/replicas", "{\"keyspace\":\"wide\",\"table\":\"readings\",\"keys\":[]}");
    }

    @Test
    void writesReplicasOfTokensAsTheirRecords() throws Exception {
        for (String dc : new String[] {null, "dc1", "dc2"}) {
            // the ring's ends, tokens on and next to node tokens, the wrapping range
            assertSameBytesAsRecords(
                    "/replicas",
                    "{\"keyspace\":\"wide\",\"tokens\":[\"-9223372036854775808\","
                            + "\"9223372036854775807\",\"-100\",\"-99\",\"0\",\"7\",\"6917529027641081857\","
                            + "\"-9000000000000000001\"]" + dc(dc) + "}");
        }
    }

    @Test
    void writesTokensOfKeysAsTheirRecords() throws Exception {
        assertSameBytesAsRecords("/token", "{\"keyspace\":\"wide\",\"table\":\"readings\",\"keys\":[" + keys() + "]}");
        assertSameBytesAsRecords(
                "/token",
                "{\"keyspace\":\"wide\",\"table\":\"by_id\",\"keys\":["
                        + "{\"id\":\"-9223372036854775808\"},{\"id\":\"9223372036854775807\"},{\"id\":\"0\"},"
                        + "{\"id\":\"-01\"},{\"id\":\" 12 \"}]}");
        assertSameBytesAsRecords(
                "/token",
                "{\"keyspace\":\"simple\",\"table\":\"t\",\"keys\":["
                        + "{\"k\":\"0x00ff10\"},{\"k\":\"0xABCDEF0123456789\"}]}");
        assertSameBytesAsRecords("/token", "{\"keyspace\":\"wide\",\"table\":\"by_id\",\"keys\":[]}");
    }

    @Test
    void answersTheCompactFormAsTheFullAnswerWithEachReplicaListedOnce() throws Exception {
        for (String dc : new String[] {null, "dc1", "dc2"}) {
            for (String request : new String[] {
                "{\"keyspace\":\"wide\",\"table\":\"readings\",\"keys\":[" + keys() + "]" + dc(dc) + "}",
                "{\"keyspace\":\"wide\",\"tokens\":[\"-9223372036854775808\",\"9223372036854775807\",\"-100\","
                        + "\"-99\",\"0\",\"7\",\"6917529027641081857\",\"-9000000000000000001\"]" + dc(dc) + "}"
            }) {
                JsonNode full = tree("/replicas", request);
                JsonNode compact = tree("/replicas/compact", request);
                JsonNode distinct = compact.get("replicas");
                // each distinct replica once, listed in order of first use
                assertThat(distinct.valueStream().distinct().count()).isEqualTo(distinct.size());
                int next = 0;
                for (int i = 0; i < full.get("results").size(); i++) {
                    JsonNode result = compact.get("results").get(i);
                    ArrayNode expanded = JSON.createArrayNode();
                    for (JsonNode index : result.get("replicas")) {
                        assertThat(index.intValue()).isLessThanOrEqualTo(next);
                        next = Math.max(next, index.intValue() + 1);
                        expanded.add(distinct.get(index.intValue()));
                    }
                    ObjectNode expandedResult = ((ObjectNode) result.deepCopy()).set("replicas", expanded);
                    assertThat(expandedResult)
                            .as("result %d of %s", i, request)
                            .isEqualTo(full.get("results").get(i));
                }
                assertThat(next).isEqualTo(distinct.size());
                for (String member : new String[] {"keyspace", "table", "partitioner", "nodeLocal", "warnings"}) {
                    assertThat(compact.get(member)).isEqualTo(full.get(member));
                }
                assertSameBytesAsRecords("/replicas/compact", request);
            }
        }
        assertThat(tree("/replicas/compact", "{\"keyspace\":\"wide\",\"tokens\":[]}")
                        .get("replicas"))
                .isEmpty();
    }

    @Test
    void rejectsABadKeyOfACompactBatchNamingItsIndex() throws Exception {
        ProblemAssertions.problem(
                        mvc.perform(post("/replicas/compact")
                                .contentType(MediaType.APPLICATION_JSON)
                                .content("{\"keyspace\":\"wide\",\"table\":\"readings\",\"keys\":[{\"sensor_id\":\"a\","
                                        + "\"day\":\"2026-10-01\"},{\"sensor_id\":\"b\",\"day\":\"not-a-date\"}]}")),
                        400,
                        "invalid-key-value")
                .andExpect(jsonPath("$.index").value(1));
    }

    private JsonNode tree(String path, String request) throws Exception {
        return JSON.readTree(
                mvc.perform(post(path).contentType(MediaType.APPLICATION_JSON).content(request))
                        .andExpect(status().isOk())
                        .andReturn()
                        .getResponse()
                        .getContentAsString(StandardCharsets.UTF_8));
    }

    private static String keys() {
        StringBuilder keys = new StringBuilder();
        for (int i = 0; i < SENSORS.length; i++) {
            keys.append(i == 0 ? "" : ",")
                    .append("{\"sensor_id\":\"")
                    .append(SENSORS[i])
                    .append("\",\"day\":\"2026-10-0")
                    .append(i + 1)
                    .append("\"}");
        }
        // names in another order and case than the schema's: the answer names the schema's columns
        return keys.append(",{\"day\":\"2026-10-09\",\"SENSOR_ID\":\"upper\"}").toString();
    }

    private static String dc(String dc) {
        return dc == null ? "" : ",\"dc\":\"" + dc + "\"";
    }

    /**
     * The answer served equals the service's mapper writing the same answer with its results (and each result's
     * key and replicas) as plain records, maps and lists.
     */
    private void assertSameBytesAsRecords(String path, String request) throws Exception {
        byte[] served = mvc.perform(
                        post(path).contentType(MediaType.APPLICATION_JSON).content(request))
                .andExpect(status().isOk())
                .andReturn()
                .getResponse()
                .getContentAsByteArray();
        Object records;
        if (path.equals("/replicas/compact")) {
            ReplicasCompactBatchResponse r = replicasController.replicasBatchCompact(
                    mapper.readValue(request, ReplicasBatchRequest.class), null);
            assertThat(r.results()).isInstanceOf(CompactResults.class);
            records = new ReplicasCompactBatchResponse(
                    r.keyspace(),
                    r.table(),
                    r.partitioner(),
                    r.nodeLocal(),
                    r.warnings(),
                    List.copyOf(r.replicas()),
                    r.results().stream()
                            .map(x -> new CompactResult(
                                    x.key() == null ? null : new LinkedHashMap<>(x.key()),
                                    x.token(),
                                    x.range(),
                                    List.copyOf(x.replicas())))
                            .toList(),
                    r.snapshot());
        } else if (path.equals("/replicas")) {
            ReplicasBatchResponse r =
                    replicasController.replicasBatch(mapper.readValue(request, ReplicasBatchRequest.class), null);
            assertThat(r.results()).isInstanceOf(ReplicasResults.class);
            records = new ReplicasBatchResponse(
                    r.keyspace(),
                    r.table(),
                    r.partitioner(),
                    r.nodeLocal(),
                    r.warnings(),
                    r.results().stream()
                            .map(x -> new ReplicasResult(
                                    x.key() == null ? null : new LinkedHashMap<>(x.key()),
                                    x.token(),
                                    x.range(),
                                    List.copyOf(x.replicas())))
                            .toList(),
                    r.snapshot());
        } else {
            TokenBatchResponse r = tokenController.tokens(mapper.readValue(request, TokenBatchRequest.class), null);
            assertThat(r.results()).isInstanceOf(TokenResults.class);
            records = new TokenBatchResponse(
                    r.keyspace(), r.table(), r.partitioner(), List.copyOf(r.results()), r.snapshot());
        }
        // everything up to the snapshot, the last member (its ageSeconds moves between the two writes)
        String expected = beforeSnapshot(new String(mapper.writeValueAsBytes(records), StandardCharsets.UTF_8));
        assertThat(expected).contains("\"results\":[");
        assertThat(beforeSnapshot(new String(served, StandardCharsets.UTF_8)))
                .as("%s %s", path, request)
                .isEqualTo(expected);
    }

    private static String beforeSnapshot(String answer) {
        int snapshot = answer.lastIndexOf(",\"snapshot\":{");
        assertThat(snapshot).isPositive();
        // the snapshot object (with its nested members) closes just before the answer does: it is the last member
        int depth = 0;
        int close = -1;
        for (int i = answer.indexOf('{', snapshot); i < answer.length() && close < 0; i++) {
            char c = answer.charAt(i);
            depth += c == '{' ? 1 : c == '}' ? -1 : 0;
            close = depth == 0 ? i : -1;
        }
        assertThat(close).isEqualTo(answer.length() - 2);
        return answer.substring(0, snapshot);
    }
}
