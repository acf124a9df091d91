package io.ringmap.hotkeys.web;

import static io.ringmap.web.ProblemAssertions.problem;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.ringmap.hits.metrics.ReportedHits;
import io.ringmap.hits.web.HitsController;
import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.config.HotKeysProperties;
import io.ringmap.routing.web.TokenController;
import java.time.Duration;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;

/** POST /hits and GET /hotkeys: counting, routing hot keys back, and problem+json on every error path. */
@WebMvcTest(controllers = {HitsController.class, HotKeysController.class, TokenController.class})
class HotKeysEndpointsTest {

    static final HotKeysProperties PROPERTIES = new HotKeysProperties(
            true,
            5,
            HotKeysProperties.ExportKey.PLAIN,
            null,
            1000,
            Duration.ofMinutes(5),
            Duration.ofSeconds(1),
            1024,
            false);

    @TestConfiguration
    static class Config extends HotKeysWebWiring {
        @Override
        HotKeysProperties properties() {
            return PROPERTIES;
        }

        @Bean
        SimpleMeterRegistry meters() {
            return new SimpleMeterRegistry();
        }

        @Bean
        ReportedHits reportedHits(SimpleMeterRegistry meters) {
            ReportedHits reported = new ReportedHits();
            reported.bindTo(meters);
            return reported;
        }
    }

    @Autowired
    MockMvc mvc;

    @Autowired
    HotKeyRegistry hotKeys;

    @Autowired
    SimpleMeterRegistry meters;

    @BeforeEach
    void forgetEarlierTests() {
        hotKeys.forget("iot", "readings");
        hotKeys.forget("iot", "by_id");
        meters.clear();
    }

    private ResultActions postHits(String body) throws Exception {
        return mvc.perform(post("/hits").contentType(MediaType.APPLICATION_JSON).content(body));
    }

    @Test
    void countsReportedHitsPerKeyAndPerOperation() throws Exception {
        // when
        postHits("""
                {"keyspace": "IOT", "table": "readings", "hits": [
                  {"key": {"sensor_id": "s-1", "day": "2026-10-01"}, "count": 100, "operation": "read"},
                  {"key": {"sensor_id": "s-2", "day": "2026-10-01"}, "operation": "write"},
                  {"key": {"sensor_id": "s-1", "day": "2026-10-01"}}]}""")
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.keyspace").value("iot"))
                .andExpect(jsonPath("$.recorded").value(3))
                .andExpect(jsonPath("$.hits").value(102))
                .andExpect(jsonPath("$.tracked").value(true));

        // then
        org.assertj.core.api.Assertions.assertThat(
                        hotKeys.hotKeys("iot", "readings", 5).orElseThrow().keys())
                .extracting(k -> k.label() + "=" + k.estimate())
                .containsExactly("s-1:2026-10-01=101", "s-2:2026-10-01=1");
        org.assertj.core.api.Assertions.assertThat(meters.get(ReportedHits.REPORTED)
                        .tags("keyspace", "iot", "table", "readings", "operation", "read")
                        .counter()
                        .count())
                .isEqualTo(100);
        org.assertj.core.api.Assertions.assertThat(meters.get(ReportedHits.REPORTED)
                        .tags("operation", "unspecified")
                        .counter()
                        .count())
                .isEqualTo(1);
    }

    @Test
    void readsHitItemsAsJacksonsRecordBindingWould() throws Exception {
        // counts given as text or null, operations in any case, unknown fields ignored (the mapper's setting)
        io.micrometer.core.instrument.Counter writes =
                meters.counter(ReportedHits.REPORTED, "keyspace", "iot", "table", "readings", "operation", "write");
        double writesBefore = writes.count();
        postHits("""
                {"keyspace": "iot", "table": "readings", "hits": [
                  {"key": {"sensor_id": "s-1", "day": "2026-10-01"}, "count": "3", "operation": "READ", "x": [1]},
                  {"count": null, "key": {"day": "2026-10-01", "sensor_id": "s-1"}, "operation": null},
                  {"key": {"sensor_id": "s-2", "day": "2026-10-01"}, "count": 1000000000, "operation": "Write"}]}""")
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.recorded").value(3))
                .andExpect(jsonPath("$.hits").value(1_000_000_004L));
        org.assertj.core.api.Assertions.assertThat(
                        hotKeys.hotKeys("iot", "readings", 5).orElseThrow().keys())
                .extracting(k -> k.label() + "=" + k.estimate())
                .containsExactly("s-2:2026-10-01=1000000000", "s-1:2026-10-01=4");
        org.assertj.core.api.Assertions.assertThat(writes.count() - writesBefore)
                .isEqualTo(1e9);
        // an item that is not an object is malformed, as before
        problem(postHits("""
                {"keyspace": "iot", "table": "readings", "hits": ["s-1"]}"""), 400, "malformed-body");
    }

    @Test
    void rejectsTheWholeBatchNamingTheBadItem() throws Exception {
        problem(postHits("""
                {"keyspace": "iot", "table": "readings", "hits": [
                  {"key": {"sensor_id": "s-1", "day": "2026-10-01"}},
                  {"key": {"sensor_id": "s-2", "day": "yesterday"}}]}"""), 400, "invalid-key-value")
                .andExpect(jsonPath("$.index").value(1))
                .andExpect(jsonPath("$.column").value("day"))
                .andExpect(jsonPath("$.instance").value("/hits"));
        org.assertj.core.api.Assertions.assertThat(hotKeys.hotKeys("iot", "readings", 5))
                .isEmpty();
    }

    @Test
    void rejectsAnUnknownOperationAMissingKeyAndANonPositiveCount() throws Exception {
        problem(postHits("""
                {"keyspace": "iot", "table": "by_id", "hits": [{"key": {"id": "1"}, "operation": "scan"}]}"""), 400, "invalid-parameter")
                .andExpect(jsonPath("$.index").value(0))
                .andExpect(jsonPath("$.parameter").value("operation"));
        problem(postHits("""
                {"keyspace": "iot", "table": "by_id", "hits": [{"key": {"id": "1"}}, {"count": 2}]}"""), 400, "invalid-parameter")
                .andExpect(jsonPath("$.index").value(1))
                .andExpect(jsonPath("$.parameter").value("key"));
        problem(postHits("""
                {"keyspace": "iot", "table": "by_id", "hits": [{"key": {"id": "1"}, "count": 0}]}"""), 400, "invalid-parameter")
                .andExpect(jsonPath("$.index").value(0))
                .andExpect(jsonPath("$.parameter").value("count"))
                .andExpect(jsonPath("$.detail", Matchers.containsString("count must be from 1 to 1000000000")));
        problem(postHits("""
                {"keyspace": "iot", "table": "by_id", "hits": [{"key": {"id": "1"}},
                  {"key": {"id": "2"}, "count": 1000000001}]}"""), 400, "invalid-parameter")
                .andExpect(jsonPath("$.index").value(1))
                .andExpect(jsonPath("$.parameter").value("count"));
        problem(postHits("""
                {"keyspace": "iot", "table": "by_id", "hits": [{"key": {"id": "1", "extra": "x"}}]}"""), 400, "key-components")
                .andExpect(jsonPath("$.unknown[0]").value("extra"));
        problem(postHits("{\"keyspace\": \"iot\", \"table\": \"by_id\"}"), 400, "invalid-parameter")
                .andExpect(jsonPath("$.errors[0].field").value("hits"));
        org.assertj.core.api.Assertions.assertThat(hotKeys.hotKeys("iot", "by_id", 5))
                .isEmpty();
    }

    @Test
    void rejectsAnOversizedBatchWith413AndUnknownTablesWith404() throws Exception {
        problem(postHits("""
                {"keyspace": "iot", "table": "by_id", "hits": [{"key": {"id": "1"}}, {"key": {"id": "2"}},
                  {"key": {"id": "3"}}, {"key": {"id": "4"}}]}"""), 413, "batch-too-large")
                .andExpect(jsonPath("$.limit").value(3));
        problem(postHits("{\"keyspace\": \"nope\", \"table\": \"t\", \"hits\": []}"), 404, "unknown-keyspace");
        problem(postHits("{\"keyspace\": \"iot\", \"table\": \"nope\", \"hits\": []}"), 404, "unknown-table")
                .andExpect(jsonPath("$.table").value("nope"));
    }

    @Test
    void listsHotKeysWithBoundsShareTokenAndReplicas() throws Exception {
        // given 3 lookups of id 1 (token -4069959284402364209) and one of id 128
        for (int i = 0; i < 3; i++) {
            mvc.perform(get("/token?keyspace=iot&table=by_id&id=1")).andExpect(status().isOk());
        }
        postHits("{\"keyspace\": \"iot\", \"table\": \"by_id\", \"hits\": [{\"key\": {\"id\": \"128\"}}]}")
                .andExpect(status().isOk());

        // when / then
        mvc.perform(get("/hotkeys?keyspace=iot&table=by_id"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.exportKey").value("plain"))
                .andExpect(jsonPath("$.topK").value(5))
                .andExpect(jsonPath("$.tables[0].keyspace").value("iot"))
                .andExpect(jsonPath("$.tables[0].table").value("by_id"))
                .andExpect(jsonPath("$.tables[0].hits").value(4))
                .andExpect(jsonPath("$.tables[0].keys[0].label").value("1"))
                .andExpect(jsonPath("$.tables[0].keys[0].exportedAs").value("1"))
                .andExpect(jsonPath("$.tables[0].keys[0].key.id").value("1"))
                .andExpect(jsonPath("$.tables[0].keys[0].estimate").value(3))
                .andExpect(jsonPath("$.tables[0].keys[0].lowerBound").value(3))
                .andExpect(jsonPath("$.tables[0].keys[0].upperBound").value(3))
                .andExpect(jsonPath("$.tables[0].keys[0].errorBound").value(0))
                .andExpect(jsonPath("$.tables[0].keys[0].share").value(0.75))
                .andExpect(jsonPath("$.tables[0].keys[0].token").value("-4069959284402364209"))
                // in (-4611686018427387904, 0]: N2's range, then the next two nodes (SimpleStrategy, RF 3)
                .andExpect(jsonPath("$.tables[0].keys[0].replicas[*].address")
                        .value(Matchers.contains("127.0.0.2", "127.0.0.3", "127.0.0.4")))
                .andExpect(jsonPath("$.tables[0].keys[1].token").value("-9081975895656599623"));
        mvc.perform(get("/hotkeys?limit=1"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.tables.length()").value(1))
                .andExpect(jsonPath("$.tables[0].keys.length()").value(1));
    }

    @Test
    void routesCompositeKeysBackFromTheirLabel() throws Exception {
        postHits("""
                {"keyspace": "iot", "table": "readings", "hits": [
                  {"key": {"sensor_id": "a:b\\\\c", "day": "2026-10-01"}, "count": 5}]}""").andExpect(status().isOk());
        mvc.perform(get("/token")
                        .param("keyspace", "iot")
                        .param("table", "readings")
                        .param("sensor_id", "a:b\\c")
                        .param("day", "2026-10-01"))
                .andExpect(status().isOk());

        mvc.perform(get("/hotkeys?keyspace=iot"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.tables[0].keys[0].label").value("a\\:b\\\\c:2026-10-01"))
                .andExpect(jsonPath("$.tables[0].keys[0].key.sensor_id").value("a:b\\c"))
                .andExpect(jsonPath("$.tables[0].keys[0].key.day").value("2026-10-01"))
                .andExpect(jsonPath("$.tables[0].keys[0].estimate").value(6));
    }

    @Test
    void countsHitsOfAKeyspaceWhoseReplicasCannotBePlaced() throws Exception {
        postHits("{\"keyspace\": \"odd\", \"table\": \"t\", \"hits\": [{\"key\": {\"k\": \"x\"}, \"count\": 2}]}")
                .andExpect(status().isOk());
        mvc.perform(get("/hotkeys?keyspace=odd&table=t"))
                .andExpect(jsonPath("$.tables[0].keys[0].label").value("x"))
                .andExpect(jsonPath("$.tables[0].keys[0].token").isString())
                .andExpect(jsonPath("$.tables[0].keys[0].replicas").doesNotExist());
        hotKeys.forget("odd", "t");
    }

    @Test
    void answersATableWithoutHitsWithAnEmptyList() throws Exception {
        mvc.perform(get("/hotkeys?keyspace=odd&table=t"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.tables[0].table").value("t"))
                .andExpect(jsonPath("$.tables[0].keys").isEmpty());
    }

    @Test
    void answersProblemsForUnknownNamesAndBadParameters() throws Exception {
        problem(mvc.perform(get("/hotkeys?keyspace=nope")), 404, "unknown-keyspace")
                .andExpect(jsonPath("$.keyspace").value("nope"))
                .andExpect(jsonPath("$.instance").value("/hotkeys"));
        problem(mvc.perform(get("/hotkeys?keyspace=iot&table=nope")), 404, "unknown-table")
                .andExpect(jsonPath("$.table").value("nope"));
        problem(mvc.perform(get("/hotkeys?table=readings")), 400, "invalid-parameter")
                .andExpect(jsonPath("$.parameter").value("keyspace"));
        problem(mvc.perform(get("/hotkeys?limit=6")), 400, "invalid-parameter")
                .andExpect(jsonPath("$.parameter").value("limit"))
                .andExpect(jsonPath("$.detail", Matchers.containsString("between 1 and 5")));
        problem(mvc.perform(get("/hotkeys?limit=0")), 400, "invalid-parameter");
        problem(mvc.perform(get("/hotkeys?limit=ten")), 400, "invalid-parameter")
                .andExpect(jsonPath("$.parameter").value("limit"));
    }
}
