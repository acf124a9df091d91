package io.ringmap.planning.web;

import static io.ringmap.web.ProblemAssertions.problem;
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

/**
 * POST /plan with the documented AtlasMart example on the bundled sample ring reproduces what the partition key
 * design reference computes, and adds what it cannot: the real ring's node loads and the shard count.
 */
@WebMvcTest(controllers = PlanController.class)
@Import({BundledSampleRouting.class, PlanningConfiguration.class})
class PlanEndpointTest {

    @Autowired
    MockMvc mvc;

    ResultActions plan(String body) throws Exception {
        return mvc.perform(post("/plan").contentType(MediaType.APPLICATION_JSON).content(body));
    }

    @Test
    void atlasMartTenantOnlyIsOnePartitionOfFifteenMillionRows() throws Exception {
        plan(PlanController.ATLASMART)
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.designs[0].name").value("tenant only"))
                .andExpect(jsonPath("$.designs[0].partitions").value(1))
                .andExpect(jsonPath("$.designs[0].rows").value(15_000_000))
                .andExpect(jsonPath("$.designs[0].bytes").value(6_300_000_000L))
                .andExpect(jsonPath("$.designs[0].size").value("6,300,000,000 bytes = 5.87 GiB"))
                .andExpect(jsonPath("$.designs[0].largest.key.tenant_id").value("tenant-7"))
                // 15,000,000 rows / 100,000 = 150 shards (bytes alone would need 63)
                .andExpect(jsonPath("$.designs[0].fix.shards").value(150))
                .andExpect(jsonPath("$.designs[0].queries[0].partitions").value(1))
                // RF 3 on four nodes: the one partition lives on three of them
                .andExpect(jsonPath("$.designs[0].largest.replicas", Matchers.hasSize(3)));
    }

    @Test
    void atlasMartTenantDeviceDayIsNinetyPartitionsTheLargestTheCelebritysDeviceDay() throws Exception {
        plan(PlanController.ATLASMART)
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.designs[1].partitions").value(90))
                .andExpect(jsonPath("$.designs[1].rows").value(15_000_000))
                .andExpect(jsonPath("$.designs[1].largest.rows").value(480_000))
                .andExpect(jsonPath("$.designs[1].largest.bytes").value(201_600_000))
                .andExpect(jsonPath("$.designs[1].largest.size").value("201,600,000 bytes = 192.26 MiB"))
                .andExpect(jsonPath("$.designs[1].largest.key.device_id").value("celebrity-display"))
                .andExpect(jsonPath("$.designs[1].rowsPerPartition.p50").value(12_000))
                .andExpect(jsonPath("$.designs[1].rowsPerPartition.p95").value(480_000))
                .andExpect(jsonPath("$.designs[1].rowsPerPartition.max").value(480_000))
                .andExpect(jsonPath("$.designs[1].partitionsOverGuideline").value(30))
                // one device-day is one partition, a week 7, the 30-day history 30
                .andExpect(jsonPath("$.designs[1].queries[0].partitions").value(1))
                .andExpect(jsonPath("$.designs[1].queries[1].partitions").value(7))
                .andExpect(jsonPath("$.designs[1].queries[2].partitions").value(30))
                // 480,000 / 100,000 rows -> 5 shards of 96,000 rows (40.32 MB, under 100 MB); or hourly buckets
                .andExpect(jsonPath("$.designs[1].fix.shards").value(5))
                .andExpect(jsonPath("$.designs[1].fix.largestRowsWithShards").value(96_000))
                .andExpect(jsonPath("$.designs[1].fix.bucket").value("hour"))
                .andExpect(jsonPath("$.designs[1].fix.largestRowsWithBucket").value(20_000))
                .andExpect(jsonPath("$.comparison[1].shardsNeeded").value(5))
                // the real ring: 4 nodes hold RF 3 copies of the 15,000,000 rows
                .andExpect(jsonPath("$.designs[1].nodes", Matchers.hasSize(4)))
                .andExpect(jsonPath("$.designs[1].nodes[*].partitions", Matchers.everyItem(Matchers.greaterThan(0))));
    }

    @Test
    void keysAreSerializedAndHashedAsTokenDoes() throws Exception {
        // the README's /token example: iot.readings (sensor_id text, day date) sensor-17 / 2026-10-01
        plan("""
                {"keyspace": "iot", "workload": {"entities": {"sensor-17": 10}, "start": "2026-10-01",
                 "retentionDays": 1, "bytesPerRow": 100},
                 "designs": [{"name": "sensor+day", "columns": [
                   {"name": "sensor_id", "type": "text", "generator": {"kind": "entity"}},
                   {"name": "day", "type": "date", "generator": {"kind": "timeBucket", "unit": "day"}}]}]}""")
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.designs[0].largest.token").value("-6820531059477802030"));
    }

    @Test
    void theShardedDesignKeepsEveryPartitionUnderTheGuideline() throws Exception {
        String sharded = PlanController.ATLASMART.replace(
                "{\"name\": \"day\", \"type\": \"date\", \"generator\": {\"kind\": \"timeBucket\", \"unit\": \"day\"}}",
                "{\"name\": \"day\", \"type\": \"date\", \"generator\": {\"kind\": \"timeBucket\", \"unit\": \"day\"}},"
                        + "{\"name\": \"shard\", \"type\": \"int\", \"generator\": {\"kind\": \"shard\", \"count\": 5}}");
        plan(sharded)
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.designs[1].partitions").value(450))
                .andExpect(jsonPath("$.designs[1].largest.rows").value(96_000))
                .andExpect(jsonPath("$.designs[1].partitionsOverGuideline").value(0))
                .andExpect(jsonPath("$.designs[1].fix").doesNotExist())
                .andExpect(jsonPath("$.designs[1].queries[0].partitions").value(5));
    }

    @Test
    void aLargePopulationIsSampledWithItsErrorStated() throws Exception {
        String body = """
                {"keyspace": "iot_multi_dc", "seed": 7,
                 "workload": {"entities": {"celebrity": 480000}, "start": "2026-08-01", "retentionDays": 7,
                              "bytesPerRow": 100,
                              "population": {"count": 10000000, "prefix": "user-", "eventsPerDay": 10}},
                 "designs": [{"name": "user+day", "columns": [
                     {"name": "user", "type": "text", "generator": {"kind": "entity"}},
                     {"name": "day", "type": "date", "generator": {"kind": "timeBucket", "unit": "day"}}]}]}""";
        plan(body)
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.designs[0].partitions").value(70_000_007))
                .andExpect(jsonPath("$.designs[0].rows").value(703_360_000))
                .andExpect(jsonPath("$.designs[0].sampling.population").value(10_000_000))
                .andExpect(jsonPath("$.designs[0].sampling.seed").value(7))
                .andExpect(jsonPath("$.designs[0].sampling.quantileRankError").isNumber())
                .andExpect(jsonPath("$.designs[0].rowsPerPartition.p99").value(10))
                .andExpect(jsonPath("$.designs[0].largest.rows").value(480_000));
    }

    @Test
    void badGeneratorsAndOversizedPlansAreProblems() throws Exception {
        problem(
                        plan(PlanController.ATLASMART.replace("\"unit\": \"day\"", "\"unit\": \"fortnight\"")),
                        400,
                        "invalid-generator")
                .andExpect(jsonPath("$.field").value("designs[1].columns[2].generator"))
                .andExpect(jsonPath("$.detail", Matchers.containsString("fortnight")));
        problem(
                plan(PlanController.ATLASMART.replace("\"kind\": \"entity\"", "\"kind\": \"random\"")),
                400,
                "invalid-generator");
        problem(
                        plan(PlanController.ATLASMART.replace("\"type\": \"date\"", "\"type\": \"boolean\"")),
                        400,
                        "invalid-key-value")
                .andExpect(jsonPath("$.column").value("day"));
        problem(
                        plan(PlanController.ATLASMART.replace("\"unit\": \"day\"", "\"unit\": \"hour\"")),
                        400,
                        "invalid-generator")
                .andExpect(jsonPath("$.detail", Matchers.containsString("cannot hold hour")));
        problem(
                        plan(PlanController.ATLASMART
                                .replace("\"unit\": \"day\"", "\"unit\": \"hour\"")
                                .replace("\"type\": \"date\"", "\"type\": \"timestamp\"")
                                .replace("\"retentionDays\": 30", "\"retentionDays\": 3660")
                                .replace(
                                        "\"celebrity-display\": 480000",
                                        "\"celebrity-display\": 480000, \"d4\": 1, \"d5\": 1")),
                        413,
                        "plan-too-large")
                .andExpect(jsonPath("$.field").value("workload.entities"));
        problem(
                plan(PlanController.ATLASMART.replace("\"keyspace\": \"iot\"", "\"keyspace\": \"nope\"")),
                404,
                "unknown-keyspace");
    }
}
