package io.ringmap.heatmap.web;

import static io.ringmap.web.ProblemAssertions.problem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.jayway.jsonpath.JsonPath;
import io.ringmap.config.ApiProperties;
import io.ringmap.heatmap.HeatmapRegistry;
import io.ringmap.heatmap.HeatmapSettings;
import io.ringmap.heatmap.service.HeatmapQuery;
import io.ringmap.heatmap.service.HeatmapRecorder;
import io.ringmap.hits.HitRecorder;
import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.HotKeySettings;
import io.ringmap.hotkeys.KeyExporter;
import io.ringmap.hotkeys.ReplicaHits;
import io.ringmap.hotkeys.service.HotKeyQuery;
import io.ringmap.hotkeys.service.HotKeyRecorder;
import io.ringmap.routing.KeyRoute;
import io.ringmap.routing.RoutingService;
import io.ringmap.testsupport.MovingClock;
import io.ringmap.web.WebTestSupport;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.web.servlet.MockMvc;

/**
 * {@code GET /heatmap} on the bundled reference sample (N1-N4, iot RF 3) after a Zipf workload reported as hits: the
 * hottest cell is the hot key's bucket, with the replicas {@code /replicas} gives that key; bad parameters are
 * problems naming them.
 */
@WebMvcTest(controllers = HeatmapController.class)
@Import(HeatmapEndpointsTest.Sample.class)
class HeatmapEndpointsTest {

    static final Instant NOW = Instant.parse("2026-12-02T08:00:30Z");

    @TestConfiguration
    static class Sample {

        @Bean
        MovingClock clock() {
            return new MovingClock(NOW);
        }

        @Bean
        HotKeyRegistry hotKeyRegistry() {
            return new HotKeyRegistry(HotKeySettings.DEFAULTS, KeyExporter.plain());
        }

        @Bean
        HeatmapRegistry heatmapRegistry(MovingClock clock, HotKeyRegistry hotKeys) {
            return new HeatmapRegistry(new HeatmapSettings(16, Duration.ofMinutes(1), 10, 4), clock, hotKeys::tracked);
        }

        @Bean
        RoutingService routingService(HotKeyRegistry hotKeys, HeatmapRegistry heatmaps) {
            return new RoutingService(
                    WebTestSupport.ringFrom("/topology/default.yaml"),
                    new ApiProperties(1000),
                    // the heatmap first, as HeatmapConfiguration orders it: a slice's first hit is in its keys
                    HitRecorder.all(
                            List.of(new HeatmapRecorder(heatmaps), new HotKeyRecorder(hotKeys, new ReplicaHits(10)))),
                    null);
        }

        @Bean
        HeatmapQuery heatmapQuery(
                RoutingService routing, HeatmapRegistry heatmaps, HotKeyRegistry hotKeys, MovingClock clock) {
            HotKeyQuery query = new HotKeyQuery(routing, hotKeys);
            return new HeatmapQuery(routing, heatmaps, () -> query, true, null, null, clock);
        }
    }

    @Autowired
    MockMvc mvc;

    @Autowired
    RoutingService routing;

    @Autowired
    HotKeyRegistry hotKeys;

    @Autowired
    MovingClock clock;

    @Autowired
    HeatmapRegistry heatmaps;

    @BeforeEach
    void zipfWorkload() {
        clock.set(NOW);
        // every test starts without counts (the context, and so the registries, are shared)
        heatmaps.forget("iot", "readings");
        hotKeys.forget("iot", "readings");
        // 200 keys, key k reported 2000 / k times (Zipf, s = 1), in batches of 100 items, twice: the first round
        // makes the hottest keys the tracked ones (top K), whose counters count the second
        List<RoutingService.Hit> hits = new ArrayList<>();
        for (int k = 1; k <= 200; k++) {
            hits.add(new RoutingService.Hit(key(k), 2000 / k));
        }
        for (int round = 0; round < 2; round++) {
            for (int from = 0; from < hits.size(); from += 100) {
                routing.recordHits("iot", "readings", hits.subList(from, from + 100), (i, hit) -> hit);
            }
            hotKeys.refresh();
        }
    }

    @Test
    void theHottestCellIsTheHotKeysBucketWithItsReplicas() throws Exception {
        // given the hot key's token and replicas as /replicas computes them
        KeyRoute hot = routing.route("iot", "readings", List.of(key(1)), true, false)
                .keys()
                .get(0);
        long token = Long.parseLong(hot.token().toString());

        // when
        String body = mvc.perform(get("/heatmap?keyspace=iot&table=readings"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.keyspace").value("iot"))
                .andExpect(jsonPath("$.source").value("client"))
                .andExpect(jsonPath("$.slice").value("PT1M"))
                .andExpect(jsonPath("$.retention").value("PT10M"))
                .andExpect(jsonPath("$.slices", Matchers.hasSize(10)))
                .andExpect(jsonPath("$.buckets", Matchers.hasSize(16)))
                .andExpect(jsonPath("$.keysShown").value("clear"))
                .andReturn()
                .getResponse()
                .getContentAsString();

        // then the largest cell of the newest slice is the bucket holding the hot key's token
        List<Integer> newest = JsonPath.read(body, "$.slices[9].counts");
        int hottest = newest.indexOf(newest.stream().max(Integer::compare).orElseThrow());
        long start = Long.parseLong(JsonPath.read(body, "$.buckets[" + hottest + "].start"));
        long end = Long.parseLong(JsonPath.read(body, "$.buckets[" + hottest + "].end"));
        assertThat(token).isGreaterThan(start).isLessThanOrEqualTo(end);
        assertThat(newest.stream().mapToLong(Integer::longValue).sum())
                .isEqualTo(((Number) JsonPath.read(body, "$.hits")).longValue());
        // with the key's replicas, and the key named first among the bucket's hot keys
        List<String> replicas = JsonPath.read(body, "$.buckets[" + hottest + "].replicas[*].address");
        assertThat(replicas)
                .containsExactlyInAnyOrderElementsOf(
                        hot.replicas().replicas().nodes().length == 0
                                ? List.of()
                                : java.util.Arrays.stream(
                                                hot.replicas().replicas().nodes())
                                        .mapToObj(n -> routing.snapshot()
                                                .tokenRing()
                                                .nodes()
                                                .get(n)
                                                .address())
                                        .toList());
        assertThat((String) JsonPath.read(body, "$.buckets[" + hottest + "].hotKeys[0].label"))
                .isEqualTo("sensor-1:2026-12-01");
        assertThat((Integer) JsonPath.read(body, "$.buckets[" + hottest + "].hotKeys[0].hits"))
                .isEqualTo(2000);
        // and the ring's tokens are bucket edges: N1's token ends bucket 3 of 16
        assertThat((String) JsonPath.read(body, "$.buckets[3].end")).isEqualTo("-4611686018427387904");
    }

    @Test
    void keysOfASliceAreTheHitsCountedDuringItInTheBucketOfTheirToken() throws Exception {
        // given the next slice, in which key 2 alone is hit
        clock.advance(Duration.ofMinutes(1));
        routing.recordHits("iot", "readings", List.of(new RoutingService.Hit(key(2), 30)), (i, hit) -> hit);
        long token = Long.parseLong(routing.route("iot", "readings", List.of(key(2)), true, false)
                .keys()
                .get(0)
                .token()
                .toString());

        // when
        String body = mvc.perform(get("/heatmap?keyspace=iot&table=readings&window=2m"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.slices", Matchers.hasSize(2)))
                .andReturn()
                .getResponse()
                .getContentAsString();

        // then the workload's slice names its tracked keys, hottest first, with the hits counted while tracked
        assertThat(JsonPath.<List<String>>read(body, "$.slices[0].keys[*].label"))
                .hasSize(20)
                .startsWith("sensor-1:2026-12-01", "sensor-2:2026-12-01");
        assertThat(JsonPath.<List<Integer>>read(body, "$.slices[0].keys[*].hits"))
                .startsWith(2000, 1000, 666);
        // and the new slice only key 2, in the bucket of its token
        assertThat(JsonPath.<List<String>>read(body, "$.slices[1].keys[*].label"))
                .containsExactly("sensor-2:2026-12-01");
        assertThat((Integer) JsonPath.read(body, "$.slices[1].keys[0].hits")).isEqualTo(30);
        int bucket = JsonPath.read(body, "$.slices[1].keys[0].bucket");
        assertThat(token)
                .isGreaterThan(Long.parseLong(JsonPath.read(body, "$.buckets[" + bucket + "].start")))
                .isLessThanOrEqualTo(Long.parseLong(JsonPath.read(body, "$.buckets[" + bucket + "].end")));
        // and coarser buckets place it in theirs
        mvc.perform(get("/heatmap?keyspace=iot&table=readings&window=1m&buckets=1"))
                .andExpect(jsonPath("$.slices[0].keys[0].bucket").value(0))
                .andExpect(jsonPath("$.buckets[0].hotKeys[0].label").value("sensor-2:2026-12-01"))
                .andExpect(jsonPath("$.buckets[0].hotKeys[0].hits").value(30));
    }

    @Test
    void hashedKeysAreNeverShownWithASliceOrABucket() {
        // given the same counts where keys are hashed (clear keys not shown)
        HotKeyQuery hotKeyQuery = new HotKeyQuery(routing, hotKeys);
        HeatmapQuery hashed = new HeatmapQuery(routing, heatmaps, () -> hotKeyQuery, false, null, null, clock);

        // when
        HeatmapResponse answer = HeatmapResponse.of(
                hashed.heatmap("iot", "readings", 16, Duration.ofMinutes(1), true, HeatmapQuery.Source.CLIENT));

        // then no slice or bucket names a key, and the answer says why
        assertThat(answer.keysShown()).isEqualTo("hashed");
        assertThat(answer.hits()).isPositive();
        assertThat(answer.slices()).allSatisfy(s -> assertThat(s.keys()).isEmpty());
        assertThat(answer.buckets()).allSatisfy(b -> assertThat(b.hotKeys()).isEmpty());
    }

    @Test
    void coarsensAndWindowsOnRequest() throws Exception {
        clock.advance(Duration.ofMinutes(2)); // the workload is now two slices old
        mvc.perform(get("/heatmap?keyspace=IOT&table=readings&buckets=4&window=2m"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.buckets", Matchers.hasSize(4)))
                .andExpect(jsonPath("$.buckets[0].end").value("-4611686018427387904"))
                .andExpect(jsonPath("$.window").value("PT2M"))
                .andExpect(jsonPath("$.slices", Matchers.hasSize(2)))
                .andExpect(jsonPath("$.hits").value(0));
        mvc.perform(get("/heatmap?keyspace=iot&table=readings&window=PT3M"))
                .andExpect(jsonPath("$.slices", Matchers.hasSize(3)))
                .andExpect(jsonPath("$.slices[0].start").value("2026-12-02T08:00:00Z"))
                .andExpect(jsonPath("$.hits", Matchers.greaterThan(10_000)));
    }

    @Test
    void aTableWithoutHitsHasTheRingsBucketsAndNoCounts() throws Exception {
        mvc.perform(get("/heatmap?keyspace=iot_multi_dc&table=readings"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.buckets", Matchers.hasSize(16)))
                .andExpect(jsonPath("$.buckets[0].replicas", Matchers.hasSize(4)))
                .andExpect(jsonPath("$.hits").value(0))
                .andExpect(jsonPath("$.maxCount").value(0));
    }

    @Test
    void badParametersAreProblemsNamingThem() throws Exception {
        problem(mvc.perform(get("/heatmap?keyspace=iot&table=readings&buckets=0")), 400, "invalid-parameter")
                .andExpect(jsonPath("$.detail").value("buckets must be from 1 to 16 (ringmap.heatmap.buckets), was 0"));
        problem(mvc.perform(get("/heatmap?keyspace=iot&table=readings&window=soon")), 400, "invalid-parameter")
                .andExpect(jsonPath("$.detail").value("window must be a duration such as 10m, 1h or PT10M"));
        problem(mvc.perform(get("/heatmap?keyspace=iot&table=readings&window=2h")), 400, "invalid-parameter")
                .andExpect(jsonPath(
                        "$.detail",
                        Matchers.startsWith("window must be positive and at most the " + "retention, PT10M")));
        problem(mvc.perform(get("/heatmap?keyspace=iot&table=nope")), 404, "unknown-table");
        problem(mvc.perform(get("/heatmap?keyspace=iot")), 400, "invalid-parameter")
                .andExpect(jsonPath("$.detail", Matchers.containsString("table")));
    }

    private static Map<String, String> key(int k) {
        return Map.of("sensor_id", "sensor-" + k, "day", "2026-12-01");
    }
}
