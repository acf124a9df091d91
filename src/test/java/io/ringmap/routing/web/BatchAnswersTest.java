package io.ringmap.routing.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.ringmap.routing.RoutingService;
import io.ringmap.web.ProblemAssertions;
import io.ringmap.web.WebTestSupport;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Batch answers, written from cached node JSON and read into compact key maps, equal the single-key answers. */
@WebMvcTest(controllers = {TokenController.class, ReplicasController.class})
class BatchAnswersTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String[] SENSORS = {"s-1", "s-2", "sensor-17", "caf\u00e9", "a:b", "x"};

    @TestConfiguration
    static class Config {
        @Bean
        RoutingService routingService() {
            return WebTestSupport.routing(WebTestSupport.ringFrom("/topology/test-odd.yaml"), 100);
        }
    }

    @Autowired
    MockMvc mvc;

    @Test
    void answersEachKeyOfABatchAsTheSingleKeyAnswer() throws Exception {
        for (String dc : new String[] {null, "dc2"}) {
            StringBuilder keys = new StringBuilder();
            for (int i = 0; i < SENSORS.length; i++) {
                keys.append(i == 0 ? "" : ",")
                        .append("{\"sensor_id\":\"")
                        .append(SENSORS[i])
                        .append("\",\"day\":\"2026-10-0")
                        .append(i + 1)
                        .append("\"}");
            }
            JsonNode batch = body(post("/replicas")
                    .contentType(MediaType.APPLICATION_JSON)
                    .content("{\"keyspace\":\"iot\",\"table\":\"readings\",\"keys\":[" + keys + "]"
                            + (dc == null ? "" : ",\"dc\":\"" + dc + "\"") + "}"));
            for (int i = 0; i < SENSORS.length; i++) {
                JsonNode single = body(get("/replicas")
                        .queryParam("keyspace", "iot")
                        .queryParam("table", "readings")
                        .queryParam("sensor_id", SENSORS[i])
                        .queryParam("day", "2026-10-0" + (i + 1))
                        .queryParam("dc", dc));
                JsonNode result = batch.get("results").get(i);
                assertThat(result.get("replicas"))
                        .as("replicas of key %d, dc %s", i, dc)
                        .isEqualTo(single.get("replicas"))
                        .isNotEmpty();
                assertThat(result.get("range")).isEqualTo(single.get("range"));
                assertThat(result.get("token")).isEqualTo(single.get("token"));
                assertThat(result.get("key")).isEqualTo(single.get("key"));
            }
        }
    }

    @Test
    void writesNullablePortsOnlyWhenKnownAsTheSingleAnswerDoes() throws Exception {
        // N4 has an rpcPort and a distinct broadcast address; the others have neither (omitted as null)
        JsonNode batch = body(post("/replicas")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"keyspace\":\"iot\",\"tokens\":[\"9223372036854775807\", \"1\"]}"));
        JsonNode single = body(get("/replicas?keyspace=iot&token=9223372036854775807"));
        assertThat(batch.get("results").get(0).get("replicas")).isEqualTo(single.get("replicas"));
        assertThat(batch.toString()).contains("\"rpcPort\":19042").contains("\"broadcastAddress\":\"10.0.0.4\"");
    }

    @Test
    void readsKeysAsAMapOfTextWouldBeRead() throws Exception {
        // a repeated name keeps its last value; numbers are read as their text; names in any case still match
        JsonNode batch =
                body(post("/token").contentType(MediaType.APPLICATION_JSON).content("""
                {"keyspace": "iot", "table": "by_id", "keys": [{"id": "1", "id": "128"}, {"id": 128}, {"ID": "0128"}]}
                """));
        assertThat(batch.get("results").findValuesAsString("token"))
                .containsExactly("-9081975895656599623", "-9081975895656599623", "-9081975895656599623");
    }

    @Test
    void rejectsAKeyThatIsNotAnObjectAsBefore() throws Exception {
        ProblemAssertions.problem(
                mvc.perform(
                        post("/token").contentType(MediaType.APPLICATION_JSON).content("""
                {"keyspace": "iot", "table": "by_id", "keys": [{"id": "1"}, "id"]}""")),
                400,
                "malformed-body");
        ProblemAssertions.problem(
                mvc.perform(
                        post("/token").contentType(MediaType.APPLICATION_JSON).content("""
                {"keyspace": "iot", "table": "by_id", "keys": [{"id": {"nested": 1}}]}""")),
                400,
                "malformed-body");
    }

    private JsonNode body(org.springframework.test.web.servlet.RequestBuilder request) throws Exception {
        byte[] bytes = mvc.perform(request)
                .andExpect(status().isOk())
                .andReturn()
                .getResponse()
                .getContentAsByteArray();
        return JSON.readTree(new String(bytes, StandardCharsets.UTF_8));
    }
}
