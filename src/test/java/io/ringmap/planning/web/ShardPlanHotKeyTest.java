package io.ringmap.planning.web;

import static io.ringmap.web.ProblemAssertions.problem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.jayway.jsonpath.JsonPath;
import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.config.HotKeysProperties;
import io.ringmap.hotkeys.web.HotKeysController;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.test.web.servlet.MockMvc;

/**
 * GET /plan/shards for a key from GET /hotkeys (plain export): the label /hotkeys shows names the key, its estimate
 * is the load, and the plan equals the one asked with the key's columns and that load.
 */
@WebMvcTest(
        controllers = {ShardPlanController.class, HotKeysController.class, io.ringmap.routing.web.TokenController.class
        })
class ShardPlanHotKeyTest {

    static HotKeysProperties plain() {
        return new HotKeysProperties(
                true,
                5,
                HotKeysProperties.ExportKey.PLAIN,
                null,
                1000,
                Duration.ofMinutes(5),
                Duration.ofSeconds(1),
                1024,
                false);
    }

    @TestConfiguration
    static class Config extends ShardPlanHotKeyWiring {
        @Override
        HotKeysProperties properties() {
            return plain();
        }
    }

    @Autowired
    MockMvc mvc;

    @Autowired
    HotKeyRegistry registry;

    @BeforeEach
    void hits() {
        registry.forget("hot", "items");
        registry.forget("hot", "item_events");
        registry.record("hot", "items", List.of("celebrity"), 480_000);
        registry.record("hot", "items", List.of("normal-1"), 12_000);
        registry.record("hot", "items", List.of("x".repeat(300)), 9_000);
        registry.record("hot", "item_events", List.of("celebrity", "0"), 70_000);
        registry.refresh();
    }

    String label(String table, int rank) throws Exception {
        return JsonPath.read(body("/hotkeys?keyspace=hot&table=" + table), "$.tables[0].keys[" + rank + "].label");
    }

    String body(String uri) throws Exception {
        return mvc.perform(get(uri))
                .andExpect(status().isOk())
                .andReturn()
                .getResponse()
                .getContentAsString();
    }

    @Test
    void aHotKeyFromHotkeysIsPlannedWithItsEstimateAsTheLoad() throws Exception {
        String celebrity = label("items", 0);
        assertThat(celebrity).isEqualTo("celebrity");
        String fromHotKey = body("/plan/shards?keyspace=hot&table=item_events&hotkeyTable=items&hotkey=" + celebrity
                + "&shardColumn=shard&target=100000");
        String byHand = body("/plan/shards?keyspace=hot&table=item_events&item_id=celebrity&shardColumn=shard"
                + "&load=480000&target=100000");
        assertThat((Integer) JsonPath.read(fromHotKey, "$.count")).isEqualTo(5);
        assertThat((Double) JsonPath.read(fromHotKey, "$.load")).isEqualTo(480_000.0);
        assertThat((Integer) JsonPath.read(fromHotKey, "$.hotKey.estimate")).isEqualTo(480_000);
        assertThat((String) JsonPath.read(fromHotKey, "$.hotKey.table")).isEqualTo("items");
        assertThat((String) JsonPath.read(fromHotKey, "$.hotKey.window")).isEqualTo("PT5M");
        assertThat((String) JsonPath.read(fromHotKey, "$.key.item_id")).isEqualTo("celebrity");
        for (String part : List.of("$.sequential", "$.spread", "$.sequentialSpread", "$.spreadSpread")) {
            assertThat(JsonPath.<Object>read(fromHotKey, part)).as(part).isEqualTo(JsonPath.read(byHand, part));
        }
        String token3 =
                JsonPath.read(body("/token?keyspace=hot&table=item_events&item_id=celebrity&shard=3"), "$.token");
        assertThat((String) JsonPath.read(fromHotKey, "$.sequential[3].token")).isEqualTo(token3);
    }

    @Test
    void aGivenLoadOrCountWinsOverTheEstimate() throws Exception {
        mvc.perform(get("/plan/shards?keyspace=hot&table=item_events&hotkeyTable=items&hotkey=normal-1"
                        + "&shardColumn=shard&load=250000&target=100000"))
                .andExpect(jsonPath("$.count").value(3))
                .andExpect(jsonPath("$.load").value(250000.0))
                .andExpect(jsonPath("$.hotKey.estimate").value(12000));
        mvc.perform(get("/plan/shards?keyspace=hot&table=item_events&hotkeyTable=items&hotkey=normal-1"
                        + "&shardColumn=shard&count=2"))
                .andExpect(jsonPath("$.count").value(2))
                .andExpect(jsonPath("$.key.item_id").value("normal-1"));
    }

    @Test
    void aHotShardOfAShardedTableIsPlannedAnewWithoutItsShardValue() throws Exception {
        String label = label("item_events", 0);
        assertThat(label).isEqualTo("celebrity:0");
        mvc.perform(get("/plan/shards?keyspace=hot&table=item_events&hotkey=" + label
                        + "&shardColumn=shard&target=10000"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.count").value(7))
                .andExpect(jsonPath("$.key.item_id").value("celebrity"))
                .andExpect(jsonPath("$.key.shard").doesNotExist());
    }

    @Test
    void hotKeysThatCannotBePlannedAreProblems() throws Exception {
        problem(
                        mvc.perform(get("/plan/shards?keyspace=hot&table=item_events&hotkeyTable=items&hotkey=nobody"
                                + "&shardColumn=shard&target=100")),
                        404,
                        "unknown-hot-key")
                .andExpect(jsonPath("$.parameter").value("hotkey"))
                .andExpect(jsonPath("$.detail").value(org.hamcrest.Matchers.containsString("'nobody'")));
        // a label over 256 characters is kept shortened: its full key is gone
        String shortened = label("items", 2);
        assertThat(shortened).contains("\\~");
        problem(
                        mvc.perform(get("/plan/shards")
                                .param("keyspace", "hot")
                                .param("table", "item_events")
                                .param("hotkeyTable", "items")
                                .param("hotkey", shortened)
                                .param("shardColumn", "shard")
                                .param("target", "100")),
                        422,
                        "hot-key-not-resolvable")
                .andExpect(jsonPath("$.parameter").value("hotkey"));
        // the hot key's column is not part of the planned table's key
        registry.record("hot", "users", List.of("u-1"), 5);
        registry.refresh();
        problem(
                        mvc.perform(get("/plan/shards?keyspace=hot&table=item_events&hotkeyTable=users&hotkey=u-1"
                                + "&shardColumn=shard&target=1")),
                        422,
                        "hot-key-not-resolvable")
                .andExpect(jsonPath("$.detail").value(org.hamcrest.Matchers.containsString("'user_id'")));
        // no target and no count: the unit of target is the estimate's
        problem(
                        mvc.perform(get("/plan/shards?keyspace=hot&table=item_events&hotkeyTable=items&hotkey=celebrity"
                                + "&shardColumn=shard")),
                        400,
                        "invalid-parameter")
                .andExpect(jsonPath("$.parameter").value("target"));
        problem(
                mvc.perform(get("/plan/shards?keyspace=hot&table=item_events&hotkeyTable=nope&hotkey=celebrity"
                        + "&shardColumn=shard&target=1")),
                404,
                "unknown-table");
    }
}
