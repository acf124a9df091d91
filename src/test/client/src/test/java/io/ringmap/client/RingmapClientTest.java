package io.ringmap.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import io.ringmap.client.api.HotKeysApi;
import io.ringmap.client.api.ReplicasApi;
import io.ringmap.client.api.RingApi;
import io.ringmap.client.api.SplitsApi;
import io.ringmap.client.api.TokenApi;
import io.ringmap.client.model.Hit;
import io.ringmap.client.model.HitsRequest;
import io.ringmap.client.model.ProblemDetail;
import io.ringmap.client.model.ReplicaView;
import io.ringmap.client.model.ReplicasBatchRequest;
import io.ringmap.client.model.TokenBatchRequest;
import org.junit.jupiter.api.Test;

/**
 * The client generated from openapi.yaml calls every operation of a running ringmap serving the bundled sample
 * (-Dringmap.url), with typed results, and turns problem details into a typed error.
 */
class RingmapClientTest {

    private static final Map<String, String> REFERENCE_KEY = Map.of("sensor_id", "sensor-17", "day", "2026-10-01");
    private static final String REFERENCE_TOKEN = "1523456789012345678";

    private final ApiClient client = client(System.getProperty("ringmap.url"));

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

    @Test
    void tokenOfAKeyInTheBody() {
        var tokens = call(() -> new TokenApi(client).tokens(new TokenBatchRequest().keyspace("iot").table("readings")
                .keys(List.of(REFERENCE_KEY))));

        assertThat(tokens.getPartitioner()).isEqualTo("Murmur3Partitioner");
        assertThat(tokens.getResults()).singleElement()
                .satisfies(r -> assertThat(r.getKey()).isEqualTo(REFERENCE_KEY))
                .satisfies(r -> assertThat(r.getToken()).matches("-?\\d+"));
    }

    @Test
    void replicasOfAToken() {
        var replicas = call(() -> new ReplicasApi(client).replicas("iot", null, REFERENCE_TOKEN, null, null, null));

        assertThat(replicas.getReplicas()).extracting(ReplicaView::getAddress)
                .containsExactly("127.0.0.3", "127.0.0.4", "127.0.0.1");
    }

    @Test
    void replicasOfKeysAndTokensInABatch() {
        var byKey = call(() -> new ReplicasApi(client).replicasBatch(new ReplicasBatchRequest().keyspace("iot")
                .table("readings").keys(List.of(REFERENCE_KEY))));
        var byToken = call(() -> new ReplicasApi(client).replicasBatch(new ReplicasBatchRequest().keyspace("iot")
                .tokens(List.of(REFERENCE_TOKEN))));

        assertThat(byKey.getResults()).singleElement().satisfies(r -> assertThat(r.getReplicas()).hasSize(3));
        assertThat(byToken.getResults().get(0).getReplicas()).extracting(ReplicaView::getAddress)
                .containsExactly("127.0.0.3", "127.0.0.4", "127.0.0.1");
    }

    @Test
    void splitsRingAndHotKeys() {
        var splits = call(() -> new SplitsApi(client).splits("iot", "readings", 8, null));
        var ring = call(() -> new RingApi(client).ring("iot", null, null, null));
        var hits = call(() -> new HotKeysApi(client).hits(new HitsRequest().keyspace("iot").table("readings")
                .hits(List.of(new Hit().key(REFERENCE_KEY).count(5L).operation(Hit.OperationEnum.READ)))));
        var hotKeys = call(() -> new HotKeysApi(client).hotKeys("iot", "readings", 5));

        assertThat(splits.getCount()).isEqualTo(splits.getSplits().size()).isPositive();
        assertThat(ring.getNodes()).hasSize(4).allSatisfy(n -> assertThat(n.getEffectiveOwnership()).isNotNull());
        assertThat(hits.getRecorded()).isEqualTo(1);
        assertThat(hotKeys.getTables()).isNotEmpty();
    }

    @Test
    void problemDetailsBecomeATypedError() {
        assertThatThrownBy(() -> call(() -> new RingApi(client).ring("nope", null, null, null)))
                .isInstanceOfSatisfying(RingmapProblem.class, p -> {
                    assertThat(p.status).isEqualTo(404);
                    assertThat(p.problem.getType()).isEqualTo(java.net.URI.create("urn:ringmap:problem:unknown-keyspace"));
                    assertThat(p.problem.getTitle()).isEqualTo("Unknown keyspace");
                    assertThat((String) p.problem.getDetail()).contains("nope");
                });
        assertThatThrownBy(() -> call(() -> new TokenApi(client).tokens(new TokenBatchRequest().keyspace("iot")
                .table("readings").keys(List.of(Map.of("sensor_id", "s", "day", "yesterday"))))))
                .isInstanceOfSatisfying(RingmapProblem.class, p -> {
                    assertThat(p.status).isEqualTo(400);
                    assertThat(p.problem.getType()).isEqualTo(java.net.URI.create("urn:ringmap:problem:invalid-key-value"));
                });
    }
}
