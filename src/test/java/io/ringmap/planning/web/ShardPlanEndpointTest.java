package io.ringmap.planning.web;

import static io.ringmap.web.ProblemAssertions.problem;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.ringmap.planning.config.PlanningConfiguration;
import io.ringmap.routing.RoutingService;
import io.ringmap.web.WebTestSupport;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;

/** GET and POST /plan/shards on the vnodes sample (12 nodes in 2 DCs, NTS 3+3) with a (item_id, shard) table. */
@WebMvcTest(controllers = {ShardPlanController.class, io.ringmap.routing.web.TokenController.class})
@Import(PlanningConfiguration.class)
class ShardPlanEndpointTest {

    @TestConfiguration
    static class Config {
        @Bean
        RoutingService routingService() {
            return WebTestSupport.routing(WebTestSupport.ringFrom("/topology/vnodes-shards.yaml"), 100);
        }
    }

    @Autowired
    MockMvc mvc;

    @Test
    void theCelebrityNeedsFiveShardsEachHashedAsTokenDoes() throws Exception {
        String token3 = com.jayway.jsonpath.JsonPath.read(
                mvc.perform(get("/token?keyspace=hot&table=item_events&item_id=celebrity&shard=3"))
                        .andReturn()
                        .getResponse()
                        .getContentAsString(),
                "$.token");
        mvc.perform(get("/plan/shards?keyspace=hot&table=item_events&item_id=celebrity&shardColumn=shard"
                        + "&load=480000&target=100000"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.count").value(5))
                .andExpect(jsonPath("$.sequential.length()").value(5))
                .andExpect(jsonPath("$.sequential[3].shard").value("3"))
                .andExpect(jsonPath("$.sequential[3].token").value(token3))
                .andExpect(jsonPath("$.sequential[0].replicas.length()").value(6))
                .andExpect(jsonPath("$.candidatesSearched").value(20))
                // chosen values reach at least as many nodes as 0..4, and never more than the ring has
                .andExpect(jsonPath("$.spreadSpread.nodes", Matchers.lessThanOrEqualTo(12)))
                .andExpect(jsonPath("$.spreadSpread.nodesByDatacenter.eu-west", Matchers.lessThanOrEqualTo(6)));
    }

    @Test
    void chosenValuesSpreadAtLeastAsWideAsSequentialOnes() throws Exception {
        for (int n : new int[] {1, 2, 3, 4}) {
            String body = mvc.perform(get(
                            "/plan/shards?keyspace=hot&table=item_events&item_id=x&shardColumn=shard" + "&count=" + n))
                    .andReturn()
                    .getResponse()
                    .getContentAsString();
            int sequential = com.jayway.jsonpath.JsonPath.read(body, "$.sequentialSpread.nodes");
            int chosen = com.jayway.jsonpath.JsonPath.read(body, "$.spreadSpread.nodes");
            org.assertj.core.api.Assertions.assertThat(chosen).isGreaterThanOrEqualTo(sequential);
        }
        // two shards of six replicas each can reach all 12 nodes; the search finds such values
        mvc.perform(get("/plan/shards?keyspace=hot&table=item_events&item_id=x&shardColumn=shard&count=2"
                        + "&candidates=200"))
                .andExpect(jsonPath("$.spreadSpread.nodes").value(12));
    }

    @Test
    void badShardQuestionsAreProblems() throws Exception {
        problem(
                mvc.perform(get("/plan/shards?keyspace=hot&table=item_events&item_id=x&shardColumn=nope&count=2")),
                400,
                "invalid-parameter");
        problem(
                mvc.perform(get("/plan/shards?keyspace=hot&table=item_events&item_id=x&shardColumn=shard")),
                400,
                "invalid-parameter");
        problem(
                mvc.perform(
                        get("/plan/shards?keyspace=hot&table=item_events&item_id=x&shardColumn=shard" + "&count=5000")),
                413,
                "plan-too-large");
    }

    @Test
    void theBodyFormAnswersAsTheQueryForm() throws Exception {
        String query = mvc.perform(get("/plan/shards?keyspace=hot&table=item_events&item_id=celebrity"
                        + "&shardColumn=shard&load=480000&target=100000"))
                .andExpect(status().isOk())
                .andReturn()
                .getResponse()
                .getContentAsString();
        String body = mvc.perform(post("/plan/shards")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("""
                        {"keyspace": "hot", "table": "item_events", "key": {"item_id": "celebrity"},
                         "shardColumn": "shard", "load": 480000, "target": 100000}"""))
                .andExpect(status().isOk())
                .andReturn()
                .getResponse()
                .getContentAsString();

        // the same answer, up to the snapshot's age at each request
        org.assertj.core.api.Assertions.assertThat(body.replaceAll("\"ageSeconds\":[0-9.]+", ""))
                .isEqualTo(query.replaceAll("\"ageSeconds\":[0-9.]+", ""));
    }

    @Test
    void badBodiesAreProblems() throws Exception {
        problem(
                mvc.perform(post("/plan/shards")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("""
                {"keyspace": "hot", "table": "item_events", "shardColumn": "shard", "count": 2}""")),
                400,
                "invalid-parameter");
        problem(
                mvc.perform(post("/plan/shards")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("""
                {"keyspace": "hot", "table": "item_events", "key": {"item_id": "x", "shard": "1"},
                 "shardColumn": "shard", "count": 2}""")),
                400,
                "invalid-parameter");
        problem(
                mvc.perform(post("/plan/shards")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("""
                {"keyspace": "hot", "table": "item_events", "key": {"item_id": "x"}, "shardColumn": "shard",
                 "count": 5000}""")),
                413,
                "plan-too-large");
    }
}
