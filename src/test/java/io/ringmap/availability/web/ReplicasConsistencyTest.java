package io.ringmap.availability.web;

import static io.ringmap.web.ProblemAssertions.problem;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.ringmap.routing.web.ReplicasController;
import io.ringmap.web.BundledSampleRouting;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.web.servlet.MockMvc;

/** GET /replicas?consistency=...: what a request at the level needs from the replicas, on the bundled sample. */
@WebMvcTest(controllers = ReplicasController.class)
@Import(BundledSampleRouting.class)
class ReplicasConsistencyTest {

    @Autowired
    MockMvc mvc;

    @Test
    void localQuorumCountsTheCoordinatorsDatacenter() throws Exception {
        mvc.perform(get("/replicas?keyspace=iot_multi_dc&table=readings&sensor_id=sensor-17&day=2026-10-01"
                        + "&consistency=local_quorum&dc=dc1"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.consistency.level").value("LOCAL_QUORUM"))
                .andExpect(jsonPath("$.consistency.localDatacenter").value("dc1"))
                .andExpect(jsonPath("$.consistency.read.achievable").value(true))
                .andExpect(jsonPath("$.consistency.read.required").value(2))
                .andExpect(jsonPath("$.consistency.write.counted").value("LOCAL_DATACENTER"))
                .andExpect(
                        jsonPath("$.consistency.write.datacenters.dc1.required").value(2))
                .andExpect(jsonPath("$.consistency.write.datacenters.dc1.live").value(2))
                .andExpect(
                        jsonPath("$.consistency.write.datacenters.dc2.replicas").value(2))
                // dc also filters the replicas listed
                .andExpect(jsonPath("$.replicas.length()").value(2));
    }

    @Test
    void everyLevelIsAnsweredForReadsAndWrites() throws Exception {
        mvc.perform(get("/replicas?keyspace=iot&token=0&consistency=ANY"))
                .andExpect(jsonPath("$.consistency.read.valid").value(false))
                .andExpect(jsonPath("$.consistency.read.reason")
                        .value("ANY ConsistencyLevel is only supported for " + "writes"))
                .andExpect(jsonPath("$.consistency.write.achievable").value(true));
        mvc.perform(get("/replicas?keyspace=iot&token=0&consistency=EACH_QUORUM"))
                .andExpect(jsonPath("$.consistency.write.required").value(2)); // SimpleStrategy: a quorum of RF 3
        mvc.perform(get("/replicas?keyspace=iot&token=0&consistency=SERIAL"))
                .andExpect(jsonPath("$.consistency.write.counted").value("PAXOS_PARTICIPANTS"))
                .andExpect(jsonPath("$.consistency.write.achievable").value(true));
        mvc.perform(get("/replicas?keyspace=iot&token=0"))
                .andExpect(jsonPath("$.consistency").doesNotExist());
    }

    @Test
    void unknownLevelsAndLocalLevelsWithoutADatacenterAreProblems() throws Exception {
        problem(mvc.perform(get("/replicas?keyspace=iot&token=0&consistency=MOST")), 400, "unknown-consistency-level")
                .andExpect(jsonPath("$.parameter").value("consistency"));
        problem(
                        mvc.perform(get("/replicas?keyspace=iot&token=0&consistency=LOCAL_ONE")),
                        400,
                        "local-datacenter-required")
                .andExpect(jsonPath("$.parameter").value("dc"));
    }
}
