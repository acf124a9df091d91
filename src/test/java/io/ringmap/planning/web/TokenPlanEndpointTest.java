package io.ringmap.planning.web;

import static io.ringmap.web.ProblemAssertions.problem;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.ringmap.planning.config.PlanningConfiguration;
import io.ringmap.web.BundledSampleRouting;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;

/** /tokens/balanced and /tokens/evaluate on the bundled sample (N1-N4, iot RF 3, iot_multi_dc 2+2). */
@WebMvcTest(controllers = TokenPlanController.class)
@Import({BundledSampleRouting.class, PlanningConfiguration.class})
class TokenPlanEndpointTest {

    @Autowired
    MockMvc mvc;

    ResultActions post(String path, String body) throws Exception {
        return mvc.perform(org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post(path)
                .contentType(MediaType.APPLICATION_JSON)
                .content(body));
    }

    @Test
    void eachDatacenterDividesTheRingEvenlyAndTheDatacentersInterleave() throws Exception {
        mvc.perform(get("/tokens/balanced?nodes=dc1:2,dc2:2"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.partitioner").value("Murmur3Partitioner"))
                .andExpect(jsonPath(
                        "$.initialTokens.dc1", Matchers.contains("-6917529027641081856", "2305843009213693952")))
                .andExpect(jsonPath(
                        "$.initialTokens.dc2", Matchers.contains("-2305843009213693952", "6917529027641081856")));
        // the 0.8 documentation's single-DC rule: i * 2^127 / N (offset by half a step)
        mvc.perform(get("/tokens/balanced?nodes=dc1:2&partitioner=RandomPartitioner"))
                .andExpect(jsonPath(
                        "$.initialTokens.dc1",
                        Matchers.contains(
                                "42535295865117307932921825928971026432", "127605887595351923798765477786913079296")));
        // unequal DCs: dc1's third token (3/4 of the way round) is where dc2's only one falls; no two nodes may
        // share a token, so dc2's moves up by one
        mvc.perform(get("/tokens/balanced?nodes=dc1:3,dc2:1"))
                .andExpect(jsonPath("$.initialTokens.dc1[2]").value("4611686018427387904"))
                .andExpect(jsonPath("$.initialTokens.dc2", Matchers.contains("4611686018427387905")));
    }

    @Test
    void byteOrderedTokensAreQuantilesOfRealKeys() throws Exception {
        problem(
                mvc.perform(get("/tokens/balanced?nodes=dc1:2&partitioner=ByteOrderedPartitioner")),
                400,
                "invalid-generator");
        StringBuilder keys = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            keys.append(i == 0 ? "" : ",")
                    .append("{\"sensor_id\": \"s-")
                    .append(String.format("%02d", i))
                    .append("\", \"day\": \"2026-10-01\"}");
        }
        post(
                        "/tokens/balanced",
                        "{\"partitioner\": \"ByteOrderedPartitioner\", \"nodes\": {\"dc1\": 2}, "
                                + "\"sample\": {\"keyspace\": \"iot\", \"table\": \"readings\", \"keys\": [" + keys
                                + "]}}")
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.method").value("quantiles of 100 sample keys"))
                // positions 25 and 75 of the sorted sample: s-25 and s-75 (composite: length, bytes, 0x00, ...)
                .andExpect(jsonPath("$.initialTokens.dc1[0]", Matchers.startsWith("0004732d3235")))
                .andExpect(jsonPath("$.initialTokens.dc1[1]", Matchers.startsWith("0004732d3735")));
    }

    @Test
    void evaluatesAWholeLayoutAndNodesAddedToTheLiveRing() throws Exception {
        String balanced = """
                {"mode": "replace", "nodes": [
                  {"address": "10.0.0.1", "datacenter": "dc1", "rack": "rack1", "tokens": ["-6917529027641081856"]},
                  {"address": "10.0.0.2", "datacenter": "dc1", "rack": "rack2", "tokens": ["2305843009213693952"]},
                  {"address": "10.0.0.3", "datacenter": "dc2", "rack": "rack1", "tokens": ["-2305843009213693952"]},
                  {"address": "10.0.0.4", "datacenter": "dc2", "rack": "rack2", "tokens": ["6917529027641081856"]}]}""";
        post("/tokens/evaluate", balanced)
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.nodes[*].ownership", Matchers.everyItem(Matchers.closeTo(0.25, 1e-9))))
                .andExpect(jsonPath("$.ownershipImbalance").value(Matchers.closeTo(1.0, 1e-9)))
                .andExpect(
                        jsonPath("$.nodes[0].effectiveOwnership.iot_multi_dc").value(Matchers.closeTo(1.0, 1e-9)))
                .andExpect(jsonPath("$.nodes[0].effectiveOwnership.iot").value(Matchers.closeTo(0.75, 1e-9)))
                .andExpect(jsonPath("$.keyspaces[1].imbalanceByDatacenter.dc1").value(Matchers.closeTo(1.0, 1e-9)));
        // a fifth node halfway between N1 (-2^62) and N2 (0) takes half of N2's quarter
        post("/tokens/evaluate", """
                {"mode": "add", "nodes": [{"address": "127.0.0.5", "datacenter": "dc1", "rack": "rack1",
                  "tokens": ["-2305843009213693952"]}]}""")
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.nodes.length()").value(5))
                .andExpect(jsonPath("$.nodes[4].ownership").value(Matchers.closeTo(0.125, 1e-9)))
                .andExpect(jsonPath("$.nodes[1].ownership").value(Matchers.closeTo(0.125, 1e-9)))
                .andExpect(jsonPath("$.ownershipImbalance").value(Matchers.closeTo(0.25 / 0.2, 1e-9)));
    }

    @Test
    void badLayoutsAreProblems() throws Exception {
        problem(mvc.perform(get("/tokens/balanced?nodes=dc1")), 400, "invalid-parameter");
        problem(mvc.perform(get("/tokens/balanced?nodes=dc1:0")), 400, "invalid-generator");
        problem(post("/tokens/evaluate", """
                {"mode": "add", "nodes": [{"address": "127.0.0.5", "datacenter": "dc1", "rack": "rack1",
                  "tokens": ["0"]}]}"""), 400, "invalid-parameter")
                .andExpect(jsonPath("$.detail", Matchers.containsString("owned by both")));
        problem(post("/tokens/evaluate", """
                {"mode": "add", "nodes": [{"address": "127.0.0.5", "datacenter": "dc1", "rack": "rack1",
                  "tokens": ["12abc"]}]}"""), 400, "invalid-token");
    }
}
