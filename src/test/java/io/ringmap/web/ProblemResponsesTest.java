package io.ringmap.web;

import static io.ringmap.web.ProblemAssertions.problem;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.ringmap.routing.RoutingService;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;

/** Every error kind answers application/problem+json with its stable type, naming what was wrong. */
@WebMvcTest(controllers = {TokenController.class, ReplicasController.class, SplitsController.class,
    RingController.class})
class ProblemResponsesTest {

    @TestConfiguration
    static class Config {
        @Bean
        RoutingService routingService() {
            return WebTestSupport.routing(WebTestSupport.ringFrom("/topology/test-odd.yaml"), 3);
        }
    }

    @Autowired
    MockMvc mvc;

    @Test
    void rejectsAValueThatDoesNotParseAsItsColumnType() throws Exception {
        problem(mvc.perform(get("/token?keyspace=iot&table=readings&sensor_id=s&day=yesterday")), 400,
                "invalid-key-value")
                .andExpect(jsonPath("$.column").value("day"))
                .andExpect(jsonPath("$.value").value("yesterday"))
                .andExpect(jsonPath("$.expectedType").value("date"))
                .andExpect(jsonPath("$.instance").value("/token"))
                .andExpect(jsonPath("$.detail", Matchers.containsString("'day'")));
    }

    @Test
    void rejectsAnIntOutOfRange() throws Exception {
        problem(mvc.perform(get("/token?keyspace=iot&table=by_id&id=2147483648")), 400, "invalid-key-value")
                .andExpect(jsonPath("$.column").value("id"))
                .andExpect(jsonPath("$.expectedType").value("int"));
    }

    @Test
    void rejectsAKeyOverCassandrasSizeLimitNamingTheColumn() throws Exception {
        // Cassandra refuses any partition key over 65535 serialized bytes (Validation.validateKey)
        String key = "{\"keyspace\": \"iot\", \"table\": \"readings\", \"keys\": [{\"sensor_id\": \"%s\", "
                + "\"day\": \"2026-10-01\"}]}";
        problem(mvc.perform(post("/token").contentType(MediaType.APPLICATION_JSON)
                .content(key.formatted("x".repeat(65_536)))), 400, "key-too-large")
                .andExpect(jsonPath("$.column").value("sensor_id"))
                .andExpect(jsonPath("$.limit").value(65535))
                .andExpect(jsonPath("$.size").value(65_536))
                .andExpect(jsonPath("$.value", Matchers.hasLength(259)));
        // the whole composite key counts: 2 + 65524 + 1 bytes of text, 2 + 4 + 1 of date
        problem(mvc.perform(post("/token").contentType(MediaType.APPLICATION_JSON)
                .content(key.formatted("x".repeat(65_530)))), 400, "key-too-large")
                .andExpect(jsonPath("$.column").value("sensor_id"))
                .andExpect(jsonPath("$.size").value(65_540));
        mvc.perform(post("/token").contentType(MediaType.APPLICATION_JSON)
                .content(key.formatted("x".repeat(65_524)))).andExpect(status().isOk());
    }

    @Test
    void namesMissingKeyComponents() throws Exception {
        problem(mvc.perform(get("/token?keyspace=iot&table=readings&sensor_id=s")), 400, "key-components")
                .andExpect(jsonPath("$.missing[0]").value("day"))
                .andExpect(jsonPath("$.expected[1]").value("day"));
    }

    @Test
    void namesExtraKeyComponents() throws Exception {
        problem(mvc.perform(get("/token?keyspace=iot&table=readings&sensor_id=s&day=2026-10-01&ts=1")), 400,
                "key-components").andExpect(jsonPath("$.unknown[0]").value("ts"));
    }

    @Test
    void rejectsAMalformedToken() throws Exception {
        problem(mvc.perform(get("/replicas?keyspace=iot&token=12abc")), 400, "invalid-token")
                .andExpect(jsonPath("$.token").value("12abc"))
                .andExpect(jsonPath("$.partitioner").value("Murmur3Partitioner"));
    }

    @Test
    void rejectsATokenOutsideTheRange() throws Exception {
        problem(mvc.perform(get("/replicas?keyspace=iot&token=9223372036854775808")), 400, "invalid-token");
    }

    @Test
    void namesAMissingParameter() throws Exception {
        problem(mvc.perform(get("/token?table=readings&sensor_id=s&day=2026-10-01")), 400, "invalid-parameter")
                .andExpect(jsonPath("$.parameter").value("keyspace"));
    }

    @Test
    void namesAParameterOfTheWrongType() throws Exception {
        problem(mvc.perform(get("/splits?keyspace=iot&table=readings&n=many")), 400, "invalid-parameter")
                .andExpect(jsonPath("$.parameter").value("n"));
    }

    @Test
    void rejectsASplitCountOutOfBounds() throws Exception {
        problem(mvc.perform(get("/splits?keyspace=iot&table=readings&n=0")), 400, "invalid-parameter")
                .andExpect(jsonPath("$.parameter").value("n"));
        problem(mvc.perform(get("/splits?keyspace=iot&table=readings&n=4&mode=odd")), 400, "invalid-parameter")
                .andExpect(jsonPath("$.parameter").value("mode"));
    }

    @Test
    void rejectsAnUnknownDatacentreFilter() throws Exception {
        problem(mvc.perform(get("/replicas?keyspace=iot&token=1&dc=mars")), 400, "invalid-parameter")
                .andExpect(jsonPath("$.parameter").value("dc"));
    }

    @Test
    void rejectsAMalformedBody() throws Exception {
        problem(mvc.perform(post("/token").contentType(MediaType.APPLICATION_JSON).content("{\"keyspace\": ")),
                400, "malformed-body");
    }

    @Test
    void rejectsABodyMissingRequiredFields() throws Exception {
        problem(mvc.perform(post("/token").contentType(MediaType.APPLICATION_JSON)
                .content("{\"table\": \"readings\", \"keys\": []}")), 400, "invalid-parameter")
                .andExpect(jsonPath("$.errors[0].field").value("keyspace"));
    }

    @Test
    void namesTheBadItemOfABatch() throws Exception {
        problem(mvc.perform(post("/token").contentType(MediaType.APPLICATION_JSON).content("""
                {"keyspace": "iot", "table": "readings", "keys": [
                  {"sensor_id": "a", "day": "2026-10-01"}, {"sensor_id": "b", "day": "2026-13-01"}]}""")),
                400, "invalid-key-value")
                .andExpect(jsonPath("$.index").value(1))
                .andExpect(jsonPath("$.column").value("day"));
    }

    @Test
    void answersUnknownKeyspaceWith404() throws Exception {
        problem(mvc.perform(get("/replicas?keyspace=nope&token=1")), 404, "unknown-keyspace")
                .andExpect(jsonPath("$.keyspace").value("nope"));
        problem(mvc.perform(get("/token?keyspace=nope&table=readings&sensor_id=s&day=2026-10-01")), 404,
                "unknown-keyspace");
    }

    @Test
    void answersUnknownTableWith404() throws Exception {
        problem(mvc.perform(get("/token?keyspace=iot&table=nope&k=1")), 404, "unknown-table")
                .andExpect(jsonPath("$.table").value("nope"));
    }

    @Test
    void answersAnOversizedBatchWith413() throws Exception {
        problem(mvc.perform(post("/replicas").contentType(MediaType.APPLICATION_JSON)
                .content("{\"keyspace\": \"iot\", \"tokens\": [\"1\", \"2\", \"3\", \"4\"]}")), 413, "batch-too-large")
                .andExpect(jsonPath("$.limit").value(3))
                .andExpect(jsonPath("$.size").value(4));
    }

    @Test
    void failsAKeyspaceWithAnUnknownStrategyOnItsOwn() throws Exception {
        problem(mvc.perform(get("/replicas?keyspace=odd&token=1")), 422, "unplaceable-keyspace")
                .andExpect(jsonPath("$.detail", Matchers.containsString("com.example.MoonPhaseStrategy")));
        mvc.perform(get("/replicas?keyspace=iot&token=1")).andExpect(status().isOk());
        mvc.perform(get("/token?keyspace=odd&table=t&k=x")).andExpect(status().isOk());
    }

    @Test
    void answersAnUnknownPathWithAProblem() throws Exception {
        problem(mvc.perform(get("/nope")), 404, "not-found");
    }

    @Test
    void answersAWrongMethodWithAProblem() throws Exception {
        problem(mvc.perform(org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete("/token")),
                405, "method-not-allowed");
    }

    @Test
    void answersTheReferenceExamples() throws Exception {
        mvc.perform(get("/replicas?keyspace=iot&token=1523456789012345678"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.replicas[*].address").value(Matchers.contains("127.0.0.3", "127.0.0.4",
                        "127.0.0.1")))
                .andExpect(jsonPath("$.range.start").value("0"))
                .andExpect(jsonPath("$.range.end").value("4611686018427387904"))
                .andExpect(jsonPath("$.snapshot.version").value(1));
        mvc.perform(get("/replicas?keyspace=iot&token=-9000000000000000000"))
                .andExpect(jsonPath("$.replicas[*].address").value(Matchers.contains("127.0.0.1", "127.0.0.2",
                        "127.0.0.3")));
    }

    @Test
    void answersTokensAsStrings() throws Exception {
        mvc.perform(get("/token?keyspace=iot&table=by_id&id=1"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.token").value("-4069959284402364209"))
                .andExpect(jsonPath("$.serializedKey").value("00000001"));
    }

    @Test
    void filtersReplicasByDatacentre() throws Exception {
        mvc.perform(get("/replicas?keyspace=iot&token=1523456789012345678&dc=dc1"))
                .andExpect(jsonPath("$.replicas[*].address").value(Matchers.contains("127.0.0.1")))
                .andExpect(jsonPath("$.replicasByDatacenter.dc1[0]").value("127.0.0.1"));
    }

    @Test
    void acceptsAKeyColumnNamedLikeAReservedParameter() throws Exception {
        mvc.perform(get("/token?keyspace=iot&table=readings&pk.sensor_id=s&day=2026-10-01"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.key.sensor_id").value("s"));
    }

    @Test
    void routesABatchOfKeysInRequestOrder() throws Exception {
        mvc.perform(post("/replicas").contentType(MediaType.APPLICATION_JSON).content("""
                {"keyspace": "iot", "table": "by_id", "keys": [{"id": "1"}, {"id": "128"}]}"""))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.results[0].token").value("-4069959284402364209"))
                .andExpect(jsonPath("$.results[1].token").value("-9081975895656599623"))
                .andExpect(jsonPath("$.results[1].replicas[0].address").value("127.0.0.1"));
    }

    @Test
    void answersSplitsWithTheirPredicates() throws Exception {
        mvc.perform(get("/splits?keyspace=iot&table=readings&n=4&mode=aligned"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.count").value(4))
                .andExpect(jsonPath("$.splits[0].predicate").value(
                        "token(sensor_id, day) > -9223372036854775808 AND token(sensor_id, day) <= "
                                + "-4611686018427387904"))
                .andExpect(jsonPath("$.splits[0].replicas[0]").value("127.0.0.1"));
    }

    @Test
    void answersTheRingWithEffectiveOwnership() throws Exception {
        mvc.perform(get("/ring?keyspace=iot"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.nodes[0].effectiveOwnership").value(0.75))
                .andExpect(jsonPath("$.keyspaces[?(@.name == 'odd')].status").value(Matchers.contains("failed")));
    }
}
