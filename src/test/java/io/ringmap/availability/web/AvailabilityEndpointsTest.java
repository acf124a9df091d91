package io.ringmap.availability.web;

import static io.ringmap.web.ProblemAssertions.problem;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.ringmap.availability.config.AvailabilityConfiguration;
import io.ringmap.web.BundledSampleRouting;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.web.servlet.MockMvc;

/** /availability and /availability/safe-to-stop on the bundled reference sample (N1-N4, iot RF 3, iot_multi_dc 2+2). */
@WebMvcTest(controllers = AvailabilityController.class)
@Import({BundledSampleRouting.class, AvailabilityConfiguration.class})
class AvailabilityEndpointsTest {

    @Autowired
    MockMvc mvc;

    @Test
    void twoAdjacentNodesDownLoseQuorumOnHalfOfTheRing() throws Exception {
        mvc.perform(get("/availability?consistency=QUORUM&keyspace=iot&down=127.0.0.3,N4"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.assumedDown", Matchers.contains("127.0.0.3", "127.0.0.4")))
                .andExpect(jsonPath("$.keyspaces[0].unavailableForReads").value(2))
                .andExpect(jsonPath("$.keyspaces[0].unavailableForWrites").value(2))
                .andExpect(jsonPath("$.keyspaces[0].readShareLost").value(0.5))
                .andExpect(jsonPath("$.keyspaces[0].unavailableRanges[0].start").value("-4611686018427387904"))
                .andExpect(jsonPath("$.keyspaces[0].unavailableRanges[0].end").value("0"))
                .andExpect(jsonPath("$.keyspaces[0].unavailableRanges[0].readReason")
                        .value("QUORUM needs 2 live replicas, 1 is live"))
                // with N3 and N4 down, stopping N1 or N2 loses the two ranges each shares with them
                .andExpect(jsonPath("$.safeToStop").isEmpty())
                .andExpect(jsonPath("$.unsafeToStop[0].address").value("127.0.0.1"));
    }

    @Test
    void everyNodeCanStopAloneAtQuorumOnRfThreeButNoneAtAll() throws Exception {
        mvc.perform(get("/availability?consistency=QUORUM&keyspace=iot"))
                .andExpect(jsonPath("$.keyspaces[0].unavailableForReads").value(0))
                .andExpect(jsonPath("$.safeToStop", Matchers.hasSize(4)));
        mvc.perform(get("/availability?consistency=ALL"))
                .andExpect(jsonPath("$.keyspaces[*].keyspace", Matchers.contains("iot", "iot_multi_dc")))
                .andExpect(jsonPath("$.safeToStop").isEmpty());
    }

    @Test
    void eachQuorumNeedsBothReplicasOfATwoReplicaDatacenter() throws Exception {
        mvc.perform(get("/availability?consistency=EACH_QUORUM&keyspace=iot_multi_dc&down=127.0.0.3"))
                .andExpect(jsonPath("$.keyspaces[0].writeShareLost").value(1.0))
                .andExpect(jsonPath("$.keyspaces[0].unavailableRanges[0].writeReason")
                        .value("EACH_QUORUM needs 2 live replicas in dc2, 1 is live"));
        mvc.perform(get("/availability?consistency=LOCAL_QUORUM&dc=dc1&keyspace=iot_multi_dc&down=127.0.0.3"))
                .andExpect(jsonPath("$.localDatacenter").value("dc1"))
                .andExpect(jsonPath("$.keyspaces[0].writeShareLost").value(0.0));
    }

    @Test
    void safeToStopAnswers200Or409WithTheReasons() throws Exception {
        mvc.perform(get("/availability/safe-to-stop?node=127.0.0.1&consistency=QUORUM&keyspace=iot"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.safe").value(true));
        problem(
                        mvc.perform(get("/availability/safe-to-stop?node=N1&consistency=QUORUM&keyspace=iot&down=N3")),
                        409,
                        "unsafe-to-stop")
                .andExpect(jsonPath("$.node").value("127.0.0.1"))
                .andExpect(jsonPath(
                        "$.reasons[0]",
                        Matchers.startsWith("keyspace iot would lose QUORUM for 2 "
                                + "ranges (reads) and 2 ranges (writes), 50.00% of the ring")));
    }

    @Test
    void badQuestionsAreProblems() throws Exception {
        problem(mvc.perform(get("/availability?consistency=MOST")), 400, "unknown-consistency-level")
                .andExpect(jsonPath("$.parameter").value("consistency"))
                .andExpect(jsonPath("$.detail", Matchers.containsString("LOCAL_QUORUM")));
        problem(mvc.perform(get("/availability?consistency=LOCAL_QUORUM")), 400, "local-datacenter-required")
                .andExpect(jsonPath("$.parameter").value("dc"));
        problem(mvc.perform(get("/availability?consistency=LOCAL_ONE&dc=dc9")), 400, "local-datacenter-required");
        problem(mvc.perform(get("/availability?consistency=ONE&down=127.0.0.9")), 400, "unknown-node")
                .andExpect(jsonPath("$.parameter").value("down"));
        problem(mvc.perform(get("/availability/safe-to-stop?node=N9&consistency=ONE")), 400, "unknown-node");
        problem(mvc.perform(get("/availability?consistency=ONE&keyspace=nope")), 404, "unknown-keyspace");
        problem(mvc.perform(get("/availability?consistency=ONE&limit=-1")), 400, "invalid-parameter")
                .andExpect(jsonPath("$.parameter").value("limit"));
    }
}
