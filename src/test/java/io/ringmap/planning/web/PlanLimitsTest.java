package io.ringmap.planning.web;

import static io.ringmap.web.ProblemAssertions.problem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.jayway.jsonpath.JsonPath;
import io.ringmap.planning.config.PlanningConfiguration;
import io.ringmap.web.BundledSampleRouting;
import java.util.HashSet;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Isolated;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;

/**
 * One request must not take the service down: every planning input that sizes work or output is refused over its
 * limit, before the work, with a 413 naming the field, the size asked for and the limit; just under the limit it
 * answers. The limits are the defaults but for the ones lowered here so the tests stay fast (generated keys, sample
 * keys, layout tokens); no request logs an ERROR line.
 */
@WebMvcTest(
        controllers = {TokenPlanController.class, PlanController.class, ShardPlanController.class},
        properties = {
            "ringmap.plan.max-generated-keys=2000",
            "ringmap.plan.max-sample-keys=5",
            "ringmap.plan.max-layout-tokens=10"
        })
@Import({BundledSampleRouting.class, PlanningConfiguration.class})
@ExtendWith(OutputCaptureExtension.class)
@Isolated("reads the process's output")
class PlanLimitsTest {

    @Autowired
    MockMvc mvc;

    @AfterEach
    void noErrorLogged(CapturedOutput output) {
        assertThat(output.getAll()).doesNotContain(" ERROR ");
    }

    ResultActions post(String path, String body) throws Exception {
        return mvc.perform(org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post(path)
                .contentType(MediaType.APPLICATION_JSON)
                .content(body));
    }

    static ResultActions tooLarge(ResultActions r, String field, long size, long limit) throws Exception {
        return problem(r, 413, "plan-too-large")
                .andExpect(jsonPath("$.field").value(field))
                .andExpect(jsonPath("$.size").value(size))
                .andExpect(jsonPath("$.limit").value(limit));
    }

    static String nodesPerDc(int dcs, int nodes) {
        return IntStream.range(0, dcs)
                .mapToObj(d -> "\"dc" + d + "\": " + nodes)
                .collect(Collectors.joining(", ", "{", "}"));
    }

    // ---- /tokens/balanced: nodes over all data centres (ringmap.plan.max-nodes, 10,000)

    @Test
    void theIssuesTwentyNineKilobyteRequestIsRefusedBeforeAnyTokenIsComputed() throws Exception {
        // 2,000 DCs of 1,000 nodes: 45 MB of tokens in 4 s before; 20,000 such DCs ran a 768 MB heap out of memory
        tooLarge(post("/tokens/balanced", "{\"nodes\": " + nodesPerDc(2000, 1000) + "}"), "nodes", 2_000_000, 10_000)
                .andExpect(jsonPath("$.detail")
                        .value("2,000,000 nodes in 2000 data centres, more than the 10,000 a "
                                + "token plan places (ringmap.plan.max-nodes)"));
    }

    @Test
    void oneNodeOverTheTotalIsRefusedInEitherForm() throws Exception {
        tooLarge(
                post("/tokens/balanced", "{\"nodes\": {\"dc1\": 2500, \"dc2\": 2500, \"dc3\": 2500, \"dc4\": 2501}}"),
                "nodes",
                10_001,
                10_000);
        tooLarge(
                mvc.perform(get("/tokens/balanced?nodes=dc1:2500,dc2:2500,dc3:2500,dc4:2501")),
                "nodes",
                10_001,
                10_000);
        // the total counts, not the split: one DC alone over it is refused the same way
        tooLarge(mvc.perform(get("/tokens/balanced?nodes=dc1:10001")), "nodes", 10_001, 10_000);
    }

    @Test
    void cassandrasOwnTokenGeneratorLayoutOfFourDatacentresOf2500NodesIsPlaced() throws Exception {
        // org.apache.cassandra.tools.GenerateTokensTest lays out 4 DCs of 2,500 nodes; 1,000 per DC was the old cap
        for (ResultActions r : List.of(
                post("/tokens/balanced", "{\"nodes\": {\"dc1\": 2500, \"dc2\": 2500, \"dc3\": 2500, \"dc4\": 2500}}"),
                mvc.perform(get("/tokens/balanced?nodes=dc1:2500,dc2:2500,dc3:2500,dc4:2500")))) {
            String body = r.andExpect(status().isOk())
                    .andExpect(jsonPath("$.initialTokens.dc4", Matchers.hasSize(2500)))
                    .andReturn()
                    .getResponse()
                    .getContentAsString();
            List<String> tokens = JsonPath.read(body, "$.initialTokens.*[*]");
            assertThat(tokens).hasSize(10_000);
            assertThat(new HashSet<>(tokens)).hasSize(10_000);
        }
    }

    // ---- POST /tokens/balanced: sample keys (ringmap.plan.max-sample-keys, 5 here)

    static String sample(int keys) {
        return IntStream.range(0, keys)
                .mapToObj(i -> "{\"sensor_id\": \"s-" + i + "\", \"day\": \"2026-10-01\"}")
                .collect(
                        Collectors.joining(", ", "{\"keyspace\": \"iot\", \"table\": \"readings\", \"keys\": [", "]}"));
    }

    @Test
    void aSampleOverTheLimitIsRefusedBeforeAnyKeyIsHashed() throws Exception {
        tooLarge(
                        post(
                                "/tokens/balanced",
                                "{\"partitioner\": \"ByteOrderedPartitioner\", \"nodes\": {\"dc1\": 2}, "
                                        + "\"sample\": " + sample(6) + "}"),
                        "sample.keys",
                        6,
                        5)
                .andExpect(jsonPath("$.detail", Matchers.containsString("ringmap.plan.max-sample-keys")));
        post(
                        "/tokens/balanced",
                        "{\"partitioner\": \"ByteOrderedPartitioner\", \"nodes\": {\"dc1\": 2}, " + "\"sample\": "
                                + sample(5) + "}")
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.method").value("quantiles of 5 sample keys"));
    }

    // ---- POST /tokens/evaluate: tokens of the evaluated ring (ringmap.plan.max-layout-tokens, 10 here)

    static String layout(String mode, int nodes) {
        return IntStream.range(0, nodes)
                .mapToObj(n -> "{\"address\": \"10.1.0." + n + "\", \"datacenter\": \"dc1\", "
                        + "\"rack\": \"rack1\", \"tokens\": [\"" + (1000 + n) + "\"]}")
                .collect(Collectors.joining(", ", "{\"mode\": \"" + mode + "\", \"nodes\": [", "]}"));
    }

    @Test
    void aLayoutOverTheTokenLimitIsRefusedBeforeAnyKeyspaceIsPlaced() throws Exception {
        tooLarge(post("/tokens/evaluate", layout("replace", 11)), "nodes", 11, 10)
                .andExpect(jsonPath("$.detail")
                        .value("11 tokens in the proposed layout, more than the 10 a layout "
                                + "evaluation places keyspaces on (ringmap.plan.max-layout-tokens)"));
        post("/tokens/evaluate", layout("replace", 10))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.nodes", Matchers.hasSize(10)));
        // mode add: the served ring's 4 tokens count too
        tooLarge(post("/tokens/evaluate", layout("add", 7)), "nodes", 11, 10);
        post("/tokens/evaluate", layout("add", 6))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.nodes", Matchers.hasSize(10)));
    }

    // ---- POST /plan: designs (ringmap.plan.max-designs, 8) and generated keys (max-generated-keys, 2,000 here)

    static String plan(int retentionDays, String population, String... designs) {
        return """
                {"keyspace": "iot", "workload": {"entities": {"a": 10, "b": 20, "c": 30}, %s
                 "start": "2026-08-01", "retentionDays": %d, "bytesPerRow": 100}, "designs": [%s]}""".formatted(
                        population == null ? "" : "\"population\": " + population + ",",
                        retentionDays,
                        String.join(", ", designs));
    }

    static final String DEVICE_DAY = """
            {"name": "device+day", "columns": [
              {"name": "device", "type": "text", "generator": {"kind": "entity"}},
              {"name": "day", "type": "timestamp", "generator": {"kind": "timeBucket", "unit": "day"}}]}""";

    static final String DEVICE = """
            {"name": "device", "columns": [{"name": "device", "type": "text", "generator": {"kind": "entity"}}]}""";

    @Test
    void moreDesignsThanAPlanComparesAreRefused() throws Exception {
        tooLarge(
                post(
                        "/plan",
                        plan(30, null, java.util.Collections.nCopies(9, DEVICE).toArray(String[]::new))),
                "designs",
                9,
                8);
        post("/plan", plan(30, null, java.util.Collections.nCopies(8, DEVICE).toArray(String[]::new)))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.designs", Matchers.hasSize(8)));
    }

    @Test
    void namedEntitiesGeneratingMoreKeysThanTheBudgetAreRefusedBeforeAnyIsGenerated() throws Exception {
        // 3 entities x 667 days = 2,001 keys; 666 days = 1,998
        tooLarge(post("/plan", plan(667, null, DEVICE_DAY)), "workload.entities", 2001, 2000)
                .andExpect(jsonPath(
                        "$.detail",
                        Matchers.startsWith("2,001 partition keys from design 'device+day' "
                                + "(3 named entities x 667 buckets x 1 shards)")));
        post("/plan", plan(666, null, DEVICE_DAY))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.designs[0].partitions").value(1998));
    }

    @Test
    void theBudgetIsSharedByTheDesignsSoThePlanNotEachDesignIsBounded() throws Exception {
        // alone, 3 x 400 = 1,200 keys fit 2,000; two such designs get 1,000 each
        post("/plan", plan(400, null, DEVICE_DAY)).andExpect(status().isOk());
        tooLarge(post("/plan", plan(400, null, DEVICE_DAY, DEVICE_DAY)), "workload.entities", 1200, 1000);
        post("/plan", plan(333, null, DEVICE_DAY, DEVICE_DAY))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.designs[1].partitions").value(999));
    }

    @Test
    void oneSampledEntityOverTheBudgetIsRefusedInsteadOfGeneratingBillionsOfKeys() throws Exception {
        // hour buckets over 3,660 days x 65,536 shards: 5.8 billion keys for the one entity the sample kept
        String hourlySharded = """
                {"name": "hour+shard", "columns": [
                  {"name": "device", "type": "text", "generator": {"kind": "entity"}},
                  {"name": "hour", "type": "timestamp", "generator": {"kind": "timeBucket", "unit": "hour"}},
                  {"name": "shard", "type": "int", "generator": {"kind": "shard", "count": 65536}}]}""";
        tooLarge(
                post(
                        "/plan",
                        plan(3660, "{\"count\": 1000000, \"prefix\": \"d-\", \"eventsPerDay\": 5}", hourlySharded)),
                "workload.population",
                4L * 87_840 * 65_536,
                2000);
    }

    @Test
    void aFinerBucketBeyondTheBudgetIsNotModelledForTheFix() throws Exception {
        // 3 x 30 day keys fit; the hourly alternative (3 x 720) would not, so the fix names shards only
        post("/plan", plan(30, null, DEVICE_DAY).replace("\"designs\"", "\"guideline\": {\"maxRows\": 5}, \"designs\""))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.designs[0].fix.shards").value(6))
                .andExpect(jsonPath("$.designs[0].fix.bucket").doesNotExist());
    }

    // ---- /plan/shards: shards (ringmap.plan.max-shards, 1024) and candidates (max-shard-candidates, 4096)

    static final String SHARDS = "/plan/shards?keyspace=iot&table=readings&day=2026-10-01&shardColumn=sensor_id";

    @Test
    void moreShardsOrCandidatesThanTheLimitsAreRefused() throws Exception {
        tooLarge(mvc.perform(get(SHARDS + "&count=1025")), "count", 1025, 1024);
        tooLarge(mvc.perform(get(SHARDS + "&load=1025&target=1")), "target", 1025, 1024);
        tooLarge(mvc.perform(get(SHARDS + "&count=2&candidates=4097")), "candidates", 4097, 4096);
        tooLarge(post("/plan/shards", """
                {"keyspace": "iot", "table": "readings", "key": {"day": "2026-10-01"}, "shardColumn": "sensor_id",
                 "count": 2, "candidates": 4097}"""), "candidates", 4097, 4096);
        mvc.perform(get(SHARDS + "&count=1024&candidates=1024"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.sequential", Matchers.hasSize(1024)));
        mvc.perform(get(SHARDS + "&count=2&candidates=4096"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.candidatesSearched").value(4096));
    }
}
