package io.ringmap.planning.web;

import static io.ringmap.web.ProblemAssertions.problem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.jayway.jsonpath.JsonPath;
import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.config.HotKeysProperties;
import io.ringmap.hotkeys.web.HotKeysController;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.test.web.servlet.MockMvc;

/**
 * GET /plan/shards for a hot key with {@code export-key: hash} and clear keys hidden: the hashed label /hotkeys shows
 * resolves through the registry (which keeps each tracked key's clear label), the plan lands where the clear key's
 * plan lands, and the answer shows neither the key nor its tokens; a clear label does not name the key.
 */
@WebMvcTest(controllers = {ShardPlanController.class, HotKeysController.class})
class ShardPlanHashedHotKeyTest {

    @TestConfiguration
    static class Config extends ShardPlanHotKeyWiring {
        @Override
        HotKeysProperties properties() {
            return new HotKeysProperties(true, 5, HotKeysProperties.ExportKey.HASH, "shard-salt", 1000,
                    Duration.ofMinutes(5), Duration.ofSeconds(1), 1024, false);
        }
    }

    @Autowired
    MockMvc mvc;

    @Autowired
    HotKeyRegistry registry;

    String body(String uri) throws Exception {
        return mvc.perform(get(uri)).andExpect(status().isOk()).andReturn().getResponse().getContentAsString();
    }

    @Test
    void aHashedLabelIsPlannedWithoutShowingTheKey() throws Exception {
        registry.record("hot", "items", List.of("celebrity"), 480_000);
        registry.refresh();
        String hash = JsonPath.read(body("/hotkeys?keyspace=hot&table=items"), "$.tables[0].keys[0].label");
        assertThat(hash).matches("[0-9a-f]{16}");

        String hashed = body("/plan/shards?keyspace=hot&table=item_events&hotkeyTable=items&hotkey=" + hash
                + "&shardColumn=shard&target=100000");
        // neither the key nor its shard keys' tokens (unkeyed hashes of the clear value) are in the answer
        assertThat(hashed).doesNotContain("celebrity").doesNotContain("\"key\":").doesNotContain("\"token\"");
        assertThat((Integer) JsonPath.read(hashed, "$.count")).isEqualTo(5);
        assertThat(JsonPath.<List<Object>>read(hashed, "$.sequential[*].replicas")).hasSize(5);
        assertThat((String) JsonPath.read(hashed, "$.hotKey.label")).isEqualTo(hash);

        // the same shards and replicas as the clear key's plan (asked with the key by hand)
        String clear = body("/plan/shards?keyspace=hot&table=item_events&item_id=celebrity&shardColumn=shard"
                + "&load=480000&target=100000");
        for (String part : List.of("$.sequential[*].replicas", "$.spread[*].shard", "$.spread[*].replicas",
                "$.spreadSpread")) {
            assertThat(JsonPath.<Object>read(hashed, part)).as(part).isEqualTo(JsonPath.read(clear, part));
        }

        // clear keys are hidden: a guessed clear label must not confirm that the key is hot
        problem(mvc.perform(get("/plan/shards?keyspace=hot&table=item_events&hotkeyTable=items&hotkey=celebrity"
                + "&shardColumn=shard&target=100000")), 404, "unknown-hot-key");
    }
}
