package io.ringmap.restart.web;

import static io.ringmap.web.ProblemAssertions.problem;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.ringmap.restart.config.RestartConfiguration;
import io.ringmap.web.BundledSampleRouting;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;

/** {@code POST /plan/restart} and its guide on the bundled reference sample (N1-N4, iot RF 3, iot_multi_dc 2+2). */
@WebMvcTest(controllers = RestartController.class)
@Import({BundledSampleRouting.class, RestartConfiguration.class})
class RestartEndpointsTest {

    @Autowired
    MockMvc mvc;

    private ResultActions plan(String body) throws Exception {
        return mvc.perform(
                post("/plan/restart").contentType(MediaType.APPLICATION_JSON).content(body));
    }

    private ResultActions next(String body) throws Exception {
        return mvc.perform(post("/plan/restart/next")
                .contentType(MediaType.APPLICATION_JSON)
                .content(body));
    }

    @Test
    void oneOnRfThreeRestartsFourNodesInTwoWavesOfTwo() throws Exception {
        plan("{\"consistency\": \"ONE\", \"keyspaces\": {}}")
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.waveCount").value(2))
                .andExpect(jsonPath("$.oneAtATime").value(4))
                .andExpect(jsonPath("$.waves[0].nodes", Matchers.hasSize(2)))
                .andExpect(jsonPath("$.waves[0].checks[0].keyspace").value("iot"))
                .andExpect(jsonPath("$.waves[0].checks[0].unavailableForReads").value(0))
                .andExpect(jsonPath("$.waves[0].checks[0].reason", Matchers.startsWith("every range of iot keeps ONE")))
                .andExpect(jsonPath("$.levels.iot").value("ONE"));
    }

    @Test
    void levelsPerKeyspaceAndParallelism() throws Exception {
        plan("{\"keyspaces\": {\"iot\": \"ONE\"}, \"parallelism\": 1}")
                .andExpect(jsonPath("$.waveCount").value(4))
                .andExpect(jsonPath("$.levels", Matchers.aMapWithSize(1)));
        // LOCAL_ONE is kept in both DCs: iot_multi_dc keeps N2 in dc1 and N4 in dc2
        plan("{\"keyspaces\": {\"iot_multi_dc\": \"LOCAL_ONE\"}, \"nodes\": [\"N1\", \"127.0.0.3\"]}")
                .andExpect(jsonPath("$.waveCount").value(1))
                .andExpect(jsonPath("$.datacenters.LOCAL_ONE", Matchers.contains("dc1", "dc2")));
    }

    @Test
    void aLevelNoSingleStopKeepsIsRefusedNamingTheBlockingRanges() throws Exception {
        problem(plan("{\"consistency\": \"ALL\", \"keyspaces\": {\"iot_multi_dc\": \"ONE\"}}"), 409, "restart-unsafe")
                .andExpect(jsonPath("$.detail").value(RestartController.REFUSED))
                .andExpect(jsonPath("$.blockingRanges").value(12))
                .andExpect(jsonPath("$.blocking[0].node").value("127.0.0.1"))
                .andExpect(jsonPath("$.blocking[0].keyspace").value("iot"))
                .andExpect(jsonPath("$.blocking[0].level").value("ALL"))
                .andExpect(jsonPath("$.blocking[0].start").value("9223372036854775807"))
                .andExpect(jsonPath("$.blocking[0].end").value("-4611686018427387904"))
                .andExpect(jsonPath("$.blocking[0].replicas", Matchers.hasSize(3)));
    }

    @Test
    void badRequestsAreProblems() throws Exception {
        problem(plan("{}"), 400, "invalid-parameter")
                .andExpect(jsonPath("$.parameter").value("consistency"));
        problem(plan("{\"consistency\": \"MOST\"}"), 400, "unknown-consistency-level");
        problem(plan("{\"keyspaces\": {\"iot\": \"MOST\"}}"), 400, "unknown-consistency-level")
                .andExpect(jsonPath("$.parameter").value("keyspaces.iot"));
        problem(plan("{\"consistency\": \"ONE\", \"nodes\": [\"127.0.0.9\"]}"), 400, "unknown-node")
                .andExpect(jsonPath("$.detail")
                        .value("nodes [127.0.0.9] are not in the ring (give addresses or "
                                + "host ids); known: [127.0.0.1, 127.0.0.2, 127.0.0.3, 127.0.0.4]"));
        problem(plan("{\"keyspaces\": {\"nope\": \"ONE\"}}"), 404, "unknown-keyspace");
        problem(plan("{\"consistency\": \"ONE\", \"parallelism\": 0}"), 400, "invalid-parameter")
                .andExpect(jsonPath("$.parameter").value("parallelism"));
        problem(plan("{\"consistency\": \"LOCAL_QUORUM\", \"dc\": \"dc9\"}"), 400, "local-datacenter-required");
        problem(plan("{\"consistency\": \"ONE\", \"nodes\": " + manyNodes(1001) + "}"), 413, "plan-too-large")
                .andExpect(jsonPath("$.detail")
                        .value("1,001 nodes, more than the 1,000 a restart plan names "
                                + "(ringmap.plan.restart.max-nodes)"));
        problem(plan("{\"consistency\": \"ONE\", \"nodes\": \"all\"}"), 400, "malformed-body");
        problem(next("{\"consistency\": \"ONE\", \"restarted\": [\"N9\"]}"), 400, "unknown-node")
                .andExpect(jsonPath("$.parameter").value("restarted"));
    }

    @Test
    void theGuideSaysStopFirstAndWaitsWithoutViewsToRead() throws Exception {
        next("{\"consistency\": \"ONE\"}")
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.action").value("STOP"))
                .andExpect(jsonPath("$.stop", Matchers.hasSize(2)))
                .andExpect(jsonPath("$.wavesLeft").value(2))
                .andExpect(jsonPath("$.views").isEmpty());
        // a static topology has no node to ask whether N1 is back
        next("{\"consistency\": \"ONE\", \"restarted\": [\"127.0.0.1\"]}")
                .andExpect(jsonPath("$.action").value("WAIT"))
                .andExpect(jsonPath("$.stop").isEmpty())
                .andExpect(jsonPath("$.waits[0].node").value("127.0.0.1"))
                .andExpect(jsonPath("$.waits[0].reason", Matchers.containsString("static topology")))
                .andExpect(jsonPath("$.views", Matchers.hasSize(4)))
                .andExpect(jsonPath("$.views[0].error", Matchers.containsString("static topology")));
    }

    private static String manyNodes(int n) {
        StringBuilder out = new StringBuilder("[");
        for (int i = 0; i < n; i++) {
            out.append(i == 0 ? "" : ",")
                    .append("\"10.0.")
                    .append(i / 250)
                    .append('.')
                    .append(i % 250)
                    .append('"');
        }
        return out.append(']').toString();
    }
}
