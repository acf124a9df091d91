package io.ringmap.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

import io.ringmap.client.api.AvailabilityApi;
import io.ringmap.client.api.HeatmapApi;
import io.ringmap.client.api.HotKeysApi;
import io.ringmap.client.api.PlanApi;
import io.ringmap.client.api.RangesApi;
import io.ringmap.client.api.ReplicasApi;
import io.ringmap.client.api.RingApi;
import io.ringmap.client.api.SizesApi;
import io.ringmap.client.api.SplitsApi;
import io.ringmap.client.api.TokenApi;
import io.ringmap.client.model.BalancedRequest;
import io.ringmap.client.model.ColumnBody;
import io.ringmap.client.model.DesignBody;
import io.ringmap.client.model.EvaluateRequest;
import io.ringmap.client.model.GeneratorBody;
import io.ringmap.client.model.Hit;
import io.ringmap.client.model.HitsRequest;
import io.ringmap.client.model.NodeOwnershipView;
import io.ringmap.client.model.PlanRequest;
import io.ringmap.client.model.ProblemDetail;
import io.ringmap.client.model.ProposedNode;
import io.ringmap.client.model.ReplicaView;
import io.ringmap.client.model.ReplicasBatchRequest;
import io.ringmap.client.model.ReplicasKeyRequest;
import io.ringmap.client.model.ReplicasResponse;
import io.ringmap.client.model.SampleBody;
import io.ringmap.client.model.ShardKeyView;
import io.ringmap.client.model.ShardsRequest;
import io.ringmap.client.model.TokenBatchRequest;
import io.ringmap.client.model.TokenKeyRequest;
import io.ringmap.client.model.TokenResponse;
import io.ringmap.client.model.WorkloadBody;
import org.junit.jupiter.api.Test;

/**
 * The client generated from openapi.yaml calls every operation of a running ringmap serving the bundled sample
 * (-Dringmap.url), with typed results, and turns problem details into a typed error. The curl forms that generators
 * skip (GET /token, GET /plan/shards: x-internal) are read with plain HTTP to show their POST forms answer the same.
 * GeneratedClientIT checks from the server's side that every generated operation was called.
 */
class RingmapClientTest {

    private static final Map<String, String> REFERENCE_KEY = Map.of("sensor_id", "sensor-17", "day", "2026-10-01");
    private static final String REFERENCE_TOKEN = "1523456789012345678";
    private static final List<String> REFERENCE_REPLICAS = List.of("127.0.0.3", "127.0.0.4", "127.0.0.1");

    private final String url = System.getProperty("ringmap.url");
    private final ApiClient client = client(url);

    private static ApiClient client(String url) {
        ApiClient client = new ApiClient();
        client.updateBaseUri(url);
        return client;
    }

    /** A problem+json answer as a typed error: the status and the generated ProblemDetail model. */
    static final class RingmapProblem extends RuntimeException {
        final int status;
        final ProblemDetail problem;

        RingmapProblem(ApiException e) {
            super(e.getMessage(), e);
            this.status = e.getCode();
            try {
                this.problem = new JSON().getMapper().readValue(e.getResponseBody(), ProblemDetail.class);
            } catch (Exception notAProblem) {
                throw new AssertionError("not a problem+json body: " + e.getResponseBody(), notAProblem);
            }
        }
    }

    interface Call<T> {
        T call() throws ApiException;
    }

    static <T> T call(Call<T> call) {
        try {
            return call.call();
        } catch (ApiException e) {
            throw new RingmapProblem(e);
        }
    }

    /** A curl form, read with plain HTTP into a generated model. */
    private <T> T curl(String pathAndQuery, Class<T> type) throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create(url + pathAndQuery)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return new JSON().getMapper().readValue(response.body(), type);
    }

    /** README's five lines, as written there (but the base URI). */
    @Test
    void readmeExample() throws Exception {
        var client = new ApiClient();
        client.updateBaseUri(url);
        var key = Map.of("sensor_id", "sensor-17", "day", "2026-10-01");
        List<ReplicaView> replicas = new ReplicasApi(client).replicasOfKey(new ReplicasKeyRequest().keyspace("iot").table("readings").key(key)).getReplicas();

        assertThat(replicas).hasSize(3).extracting(ReplicaView::getDatacenter).contains("dc1", "dc2");
    }

    @Test
    void tokenOfOneKeyAndOfABatch() throws Exception {
        var one = call(() -> new TokenApi(client).tokenOfKey(new TokenKeyRequest().keyspace("iot").table("readings")
                .key(REFERENCE_KEY)));
        var batch = call(() -> new TokenApi(client).tokens(new TokenBatchRequest().keyspace("iot").table("readings")
                .keys(List.of(REFERENCE_KEY))));
        TokenResponse curl = curl("/token?keyspace=iot&table=readings&sensor_id=sensor-17&day=2026-10-01",
                TokenResponse.class);

        assertThat(one.getPartitioner()).isEqualTo("Murmur3Partitioner");
        assertThat(one.getKey()).isEqualTo(REFERENCE_KEY);
        assertThat(one.getToken()).matches("-?\\d+").isEqualTo(curl.getToken());
        assertThat(one.getSerializedKey()).isEqualTo(curl.getSerializedKey());
        assertThat(batch.getResults()).singleElement()
                .satisfies(r -> assertThat(r.getKey()).isEqualTo(REFERENCE_KEY))
                .satisfies(r -> assertThat(r.getToken()).isEqualTo(one.getToken()));
    }

    @Test
    void streamsOfKeysAnswerEachLineInOrder() throws Exception {
        // two keys a line each (NDJSON); the answers come as a file, one line per key line
        String keys = "{\"sensor_id\": \"sensor-17\", \"day\": \"2026-10-01\"}\n{\"sensor_id\": \"sensor-17\"}\n";
        var tokens = call(() -> new TokenApi(client).tokenStream("iot", "readings", keys, null));
        var replicas = call(() -> new ReplicasApi(client).replicaStream("iot", "readings", keys, null, true, false));
        String one = call(() -> new TokenApi(client).tokenOfKey(new TokenKeyRequest().keyspace("iot")
                .table("readings").key(REFERENCE_KEY))).getToken();

        List<String> tokenLines = java.nio.file.Files.readAllLines(tokens.toPath());
        assertThat(tokenLines).hasSize(2);
        assertThat(tokenLines.get(0)).contains("\"line\":1", "\"token\":\"" + one + "\"");
        assertThat(tokenLines.get(1)).contains("\"line\":2", "urn:ringmap:problem:key-components");
        List<String> replicaLines = java.nio.file.Files.readAllLines(replicas.toPath());
        assertThat(replicaLines.get(0)).contains("\"replicaSet\":0", "\"replicas\":[");
        assertThat(replicaLines.get(1)).contains("\"line\":2", "\"problem\"");
    }

    @Test
    void replicasOfATokenAndOfOneKey() throws Exception {
        var byToken = call(() -> new ReplicasApi(client).replicas("iot", null, REFERENCE_TOKEN, null, null, null));
        var byKey = call(() -> new ReplicasApi(client).replicasOfKey(new ReplicasKeyRequest().keyspace("iot_multi_dc")
                .table("readings").key(REFERENCE_KEY).dc("dc1").consistency("LOCAL_QUORUM")));
        ReplicasResponse curl = curl("/replicas?keyspace=iot_multi_dc&table=readings&sensor_id=sensor-17"
                + "&day=2026-10-01&dc=dc1&consistency=LOCAL_QUORUM", ReplicasResponse.class);

        assertThat(byToken.getReplicas()).extracting(ReplicaView::getAddress).isEqualTo(REFERENCE_REPLICAS);
        assertThat(byKey.getToken()).isEqualTo(curl.getToken());
        assertThat(byKey.getReplicas()).extracting(ReplicaView::getAddress).hasSize(2)
                .isEqualTo(curl.getReplicas().stream().map(ReplicaView::getAddress).toList());
        assertThat(byKey.getReplicas()).extracting(ReplicaView::getDatacenter).containsOnly("dc1");
        assertThat(byKey.getConsistency().getLocalDatacenter()).isEqualTo("dc1");
        assertThat(byKey.getConsistency().getRead().getAchievable()).isTrue();
    }

    @Test
    void replicasOfKeysAndTokensInABatch() {
        var byKey = call(() -> new ReplicasApi(client).replicasBatch(new ReplicasBatchRequest().keyspace("iot")
                .table("readings").keys(List.of(REFERENCE_KEY))));
        var byToken = call(() -> new ReplicasApi(client).replicasBatch(new ReplicasBatchRequest().keyspace("iot")
                .tokens(List.of(REFERENCE_TOKEN))));

        var compact = call(() -> new ReplicasApi(client).replicasBatchCompact(new ReplicasBatchRequest()
                .keyspace("iot").tokens(List.of(REFERENCE_TOKEN, REFERENCE_TOKEN))));

        assertThat(byKey.getResults()).singleElement().satisfies(r -> assertThat(r.getReplicas()).hasSize(3));
        assertThat(byToken.getResults().get(0).getReplicas()).extracting(ReplicaView::getAddress)
                .isEqualTo(REFERENCE_REPLICAS);
        // the compact form lists each replica once; both results refer to the same three
        assertThat(compact.getReplicas()).extracting(ReplicaView::getAddress).isEqualTo(REFERENCE_REPLICAS);
        assertThat(compact.getResults()).hasSize(2)
                .allSatisfy(r -> assertThat(r.getReplicas()).containsExactly(0, 1, 2));
    }

    @Test
    void splitsRingAndRanges() {
        var splits = call(() -> new SplitsApi(client).splits("iot", "readings", 8, null, null));
        var compact = call(() -> new SplitsApi(client).splits("iot", "readings", 8, "aligned", true));
        var ring = call(() -> new RingApi(client).ring("iot", null, null, null));
        var ranges = call(() -> new RangesApi(client).ranges("iot"));
        var nodeRanges = call(() -> new RangesApi(client).nodeRanges("iot", "127.0.0.3"));

        assertThat(splits.getCount()).isEqualTo(splits.getSplits().size()).isPositive();
        assertThat(splits.getTemplate()).isNull();
        assertThat(splits.getSplits()).allSatisfy(s -> assertThat(s.getRanges())
                .allSatisfy(r -> assertThat(r.getCql()).startsWith("SELECT * FROM iot.readings WHERE ")));
        assertThat(compact.getTemplate().getCql()).endsWith("> :start AND token(sensor_id, day) <= :end");
        assertThat(compact.getSplits()).allSatisfy(s -> assertThat(s.getRanges())
                .allSatisfy(r -> assertThat(r.getCql()).isNull()));
        assertThat(ring.getNodes()).hasSize(4).allSatisfy(n -> assertThat(n.getEffectiveOwnership()).isNotNull());
        assertThat(ranges.getTokens()).containsExactly("-4611686018427387904", "0", "4611686018427387904",
                "9223372036854775807");
        assertThat(ranges.getReplicas()).hasSize(4).allSatisfy(r -> assertThat(r).hasSize(3));
        assertThat(nodeRanges.getNode().getAddress()).isEqualTo("127.0.0.3");
        assertThat(nodeRanges.getRanges()).hasSize(3).allSatisfy(r -> assertThat(r.getReplicas()).contains("127.0.0.3"));
        assertThat(nodeRanges.getPrimaryRanges()).isEqualTo(1L);
    }

    @Test
    void hitsAndHotKeys() {
        var hits = call(() -> new HotKeysApi(client).hits(new HitsRequest().keyspace("iot").table("readings")
                .hits(List.of(new Hit().key(REFERENCE_KEY).count(5L).operation(Hit.OperationEnum.READ)))));
        var hotKeys = call(() -> new HotKeysApi(client).hotKeys("iot", "readings", 5, null));

        var heatmap = call(() -> new HeatmapApi(client).heatmap("iot", "readings", 16, null, null, null));

        assertThat(hits.getRecorded()).isEqualTo(1);
        assertThat(hotKeys.getTables()).isNotEmpty();
        assertThat(heatmap.getBuckets()).isNotEmpty();
        assertThat(heatmap.getHits()).isPositive(); // the hit reported above
    }

    @Test
    void availabilityThroughOutages() {
        var availability = call(() -> new AvailabilityApi(client).availability("QUORUM", "iot",
                List.of("127.0.0.3", "127.0.0.4"), null, null));
        var safe = call(() -> new AvailabilityApi(client).safeToStop("127.0.0.1", "ONE", null, null, null));

        assertThat(availability.getKeyspaces()).singleElement()
                .satisfies(k -> assertThat(k.getReadShareLost()).isEqualTo(0.5));
        assertThat(safe.getSafe()).isTrue();
        assertThatThrownBy(() -> call(() -> new AvailabilityApi(client).safeToStop("127.0.0.1", "ALL", "iot", null,
                null))).isInstanceOfSatisfying(RingmapProblem.class, p -> {
                    assertThat(p.status).isEqualTo(409);
                    assertThat(p.problem.getType()).isEqualTo(URI.create("urn:ringmap:problem:unsafe-to-stop"));
                });
    }

    @Test
    void aRollingRestartPlanAndItsGuide() {
        var plan = new PlanApi(client);
        var waves = call(() -> plan.restartPlan(new io.ringmap.client.model.RestartPlanRequest().consistency("ONE")));
        var next = call(() -> plan.restartNext(new io.ringmap.client.model.RestartNextRequest().consistency("ONE")
                .restarted(List.of())));

        assertThat(waves.getWaveCount()).isEqualTo(2);
        assertThat(waves.getOneAtATime()).isEqualTo(4);
        assertThat(next.getAction()).isEqualTo(io.ringmap.client.model.RestartNextResponse.ActionEnum.STOP);
        assertThat(next.getStop()).isEqualTo(waves.getWaves().get(0).getNodes());
        assertThatThrownBy(() -> call(() -> plan.restartPlan(new io.ringmap.client.model.RestartPlanRequest()
                .consistency("ALL")))).isInstanceOfSatisfying(RingmapProblem.class, p -> {
                    assertThat(p.status).isEqualTo(409);
                    assertThat(p.problem.getType()).isEqualTo(URI.create("urn:ringmap:problem:restart-unsafe"));
                });
    }

    @Test
    void planningTokensDesignsAndShards() throws Exception {
        var plan = new PlanApi(client);
        var balanced = call(() -> plan.balanced("dc1:2,dc2:2", null));
        var fromSample = call(() -> plan.balancedFromSample(new BalancedRequest().partitioner("ByteOrderedPartitioner")
                .nodes(Map.of("dc1", 2)).sample(new SampleBody().keyspace("iot").table("readings").keys(List.of(
                        Map.of("sensor_id", "s-01", "day", "2026-10-01"), Map.of("sensor_id", "s-02", "day", "2026-10-01"),
                        Map.of("sensor_id", "s-03", "day", "2026-10-01"), Map.of("sensor_id", "s-04", "day",
                                "2026-10-01"))))));
        var evaluated = call(() -> plan.evaluate(new EvaluateRequest().mode("add").nodes(List.of(new ProposedNode()
                .address("127.0.0.5").datacenter("dc1").rack("rack1").tokens(List.of("-2305843009213693952"))))));
        var designs = call(() -> plan.plan(new PlanRequest().keyspace("iot")
                .workload(new WorkloadBody().entities(Map.of("normal-1", 12000d, "normal-2", 8000d,
                        "celebrity-display", 480000d)).start("2026-08-01").retentionDays(30).bytesPerRow(420L))
                .designs(List.of(new DesignBody().name("tenant only").columns(List.of(new ColumnBody()
                        .name("tenant_id").type("text").generator(new GeneratorBody().kind("fixed")
                                .value("tenant-7"))))))));
        var shards = call(() -> plan.shardsOfKey(new ShardsRequest().keyspace("iot").table("readings")
                .key(Map.of("day", "2026-10-01")).shardColumn("sensor_id").load(480000d).target(100000d)));
        var curlShards = curl("/plan/shards?keyspace=iot&table=readings&day=2026-10-01&shardColumn=sensor_id"
                + "&load=480000&target=100000", io.ringmap.client.model.ShardsResponse.class);

        assertThat(balanced.getInitialTokens()).containsEntry("dc1",
                List.of("-6917529027641081856", "2305843009213693952"));
        assertThat(fromSample.getInitialTokens().get("dc1")).hasSize(2);
        assertThat(evaluated.getNodes()).hasSize(5).filteredOn(n -> "127.0.0.5".equals(n.getAddress()))
                .singleElement().extracting(NodeOwnershipView::getOwnership).isEqualTo(0.125);
        assertThat(designs.getDesigns()).singleElement().satisfies(d -> {
            assertThat(d.getPartitions()).isEqualTo(1);
            assertThat(d.getRows()).isEqualTo(15_000_000L);
        });
        assertThat(shards.getCount()).isEqualTo(5);
        assertThat(shards.getSequential()).extracting(ShardKeyView::getToken)
                .isEqualTo(curlShards.getSequential().stream().map(ShardKeyView::getToken).toList());
    }

    @Test
    void sizesAnswerATypedProblemOnAStaticTopology() {
        for (Call<?> sizes : List.<Call<?>>of(() -> new SizesApi(client).sizes("iot", "readings"),
                () -> new SizesApi(client).load("iot"))) {
            assertThatThrownBy(() -> call(sizes)).isInstanceOfSatisfying(RingmapProblem.class, p -> {
                // the nodes' figures need a live cluster: a 409 naming why, not a server error
                assertThat(p.status).isEqualTo(409);
                assertThat(p.problem.getType()).isEqualTo(URI.create("urn:ringmap:problem:sizes-not-collected"));
                assertThat(p.problem.getAdditionalProperty("retryable")).isEqualTo(false);
            });
        }
    }

    @Test
    void problemDetailsBecomeATypedError() {
        assertThatThrownBy(() -> call(() -> new RingApi(client).ring("nope", null, null, null)))
                .isInstanceOfSatisfying(RingmapProblem.class, p -> {
                    assertThat(p.status).isEqualTo(404);
                    assertThat(p.problem.getType()).isEqualTo(URI.create("urn:ringmap:problem:unknown-keyspace"));
                    assertThat(p.problem.getTitle()).isEqualTo("Unknown keyspace");
                    assertThat(p.problem.getDetail()).contains("nope");
                });
        assertThatThrownBy(() -> call(() -> new TokenApi(client).tokenOfKey(new TokenKeyRequest().keyspace("iot")
                .table("readings").key(Map.of("sensor_id", "s", "day", "yesterday")))))
                .isInstanceOfSatisfying(RingmapProblem.class, p -> {
                    assertThat(p.status).isEqualTo(400);
                    assertThat(p.problem.getType()).isEqualTo(URI.create("urn:ringmap:problem:invalid-key-value"));
                });
        assertThatThrownBy(() -> call(() -> new ReplicasApi(client).replicasOfKey(new ReplicasKeyRequest()
                .keyspace("iot").table("readings").key(Map.of("sensor_id", "s")))))
                .isInstanceOfSatisfying(RingmapProblem.class, p -> {
                    assertThat(p.status).isEqualTo(400);
                    assertThat(p.problem.getType()).isEqualTo(URI.create("urn:ringmap:problem:key-components"));
                });
    }
}
