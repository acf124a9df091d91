package io.ringmap.web;

import static io.ringmap.web.ProblemAssertions.problem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.jayway.jsonpath.JsonPath;
import io.ringmap.routing.web.ReplicasController;
import io.ringmap.routing.web.TokenController;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;

/**
 * POST /token/key and POST /replicas/key, the body forms of GET /token and GET /replicas that generated clients call:
 * the same answers, and problem+json for every bad body.
 */
@WebMvcTest(controllers = {TokenController.class, ReplicasController.class})
@Import(ProblemResponsesTest.Config.class)
class SingleKeyBodyFormsTest {

    private static final String KEY = "{\"sensor_id\": \"sensor-17\", \"day\": \"2026-10-01\"}";
    /** The parts of an answer that do not depend on when it was computed. */
    private static final List<String> TOKEN_FIELDS = List.of(
            "$.keyspace", "$.table", "$.partitioner", "$.key", "$.token", "$.serializedKey", "$.snapshot.version");

    private static final List<String> REPLICA_FIELDS = List.of(
            "$.keyspace",
            "$.table",
            "$.key",
            "$.token",
            "$.partitioner",
            "$.range",
            "$.replicas",
            "$.replicasByDatacenter",
            "$.nodeLocal",
            "$.warnings",
            "$.consistency",
            "$.snapshot.version");

    @Autowired
    MockMvc mvc;

    private ResultActions postJson(String path, String body) throws Exception {
        return mvc.perform(post(path).contentType(MediaType.APPLICATION_JSON).content(body));
    }

    private static void sameFields(String a, String b, List<String> fields) {
        for (String field : fields) {
            Object left = JsonPath.read(a, field);
            Object right = JsonPath.read(b, field);
            assertThat(left).as(field).isEqualTo(right);
        }
    }

    @Test
    void tokenOfAKeyInTheBodyEqualsTheQueryForm() throws Exception {
        String query = mvc.perform(get("/token?keyspace=iot&table=readings&sensor_id=sensor-17&day=2026-10-01"))
                .andExpect(status().isOk())
                .andReturn()
                .getResponse()
                .getContentAsString();
        String body = postJson("/token/key", "{\"keyspace\": \"iot\", \"table\": \"readings\", \"key\": " + KEY + "}")
                .andExpect(status().isOk())
                .andReturn()
                .getResponse()
                .getContentAsString();

        sameFields(query, body, TOKEN_FIELDS);
        assertThat((String) JsonPath.read(body, "$.token")).matches("-?\\d+");
    }

    @Test
    void replicasOfAKeyInTheBodyEqualTheQueryForm() throws Exception {
        String query = mvc.perform(get("/replicas?keyspace=iot&table=readings&sensor_id=sensor-17&day=2026-10-01"
                        + "&consistency=QUORUM"))
                .andExpect(status().isOk())
                .andReturn()
                .getResponse()
                .getContentAsString();
        String body = postJson(
                        "/replicas/key",
                        "{\"keyspace\": \"iot\", \"table\": \"readings\", \"key\": " + KEY
                                + ", \"consistency\": \"QUORUM\"}")
                .andExpect(status().isOk())
                .andReturn()
                .getResponse()
                .getContentAsString();

        sameFields(query, body, REPLICA_FIELDS);
        assertThat((List<?>) JsonPath.read(body, "$.replicas")).hasSize(3);
        assertThat((String) JsonPath.read(body, "$.consistency.level")).isEqualTo("QUORUM");
    }

    @Test
    void badBodiesAreProblemsNamingWhatWasWrong() throws Exception {
        problem(postJson("/token/key", "{\"keyspace\": \"iot\", \"table\": \"readings\"}"), 400, "invalid-parameter")
                .andExpect(jsonPath("$.errors[0].field").value("key"));
        problem(postJson("/replicas/key", "{\"keyspace\": \"iot\", \"key\": " + KEY + "}"), 400, "invalid-parameter")
                .andExpect(jsonPath("$.errors[0].field").value("table"));
        problem(
                        postJson(
                                "/token/key",
                                "{\"keyspace\": \"iot\", \"table\": \"readings\", \"key\": "
                                        + "{\"sensor_id\": \"s\"}}"),
                        400,
                        "key-components")
                .andExpect(jsonPath("$.missing[0]").value("day"));
        problem(
                        postJson(
                                "/replicas/key",
                                "{\"keyspace\": \"iot\", \"table\": \"readings\", \"key\": "
                                        + "{\"sensor_id\": \"s\", \"day\": \"yesterday\"}}"),
                        400,
                        "invalid-key-value")
                .andExpect(jsonPath("$.column").value("day"));
        problem(
                postJson(
                        "/replicas/key",
                        "{\"keyspace\": \"iot\", \"table\": \"readings\", \"key\": " + KEY
                                + ", \"consistency\": \"MOST\"}"),
                400,
                "unknown-consistency-level");
        problem(
                postJson("/token/key", "{\"keyspace\": \"nope\", \"table\": \"readings\", \"key\": " + KEY + "}"),
                404,
                "unknown-keyspace");
        problem(postJson("/token/key", "{\"keyspace\": "), 400, "malformed-body");
        postJson(
                        "/token/key",
                        "{\"keyspace\": \"iot\", \"table\": \"readings\", \"key\": {\"sensor_id\": null, "
                                + "\"day\": \"2026-10-01\"}}")
                .andExpect(status().is4xxClientError());
    }
}
