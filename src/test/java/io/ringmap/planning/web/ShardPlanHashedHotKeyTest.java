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
 * resolves through the registry (which keeps each tracked key's clear label), and the answer holds only what does not
 * depend on the key's bytes (count, load, the sketch's figures): no key, shard key, token, replica or spread, which a
 * caller could compare with the plan of a guessed key (issue 21, finding 1); a clear label does not name the key.
 */
@WebMvcTest(controllers = {ShardPlanController.class, HotKeysController.class})
class ShardPlanHashedHotKeyTest {

    @TestConfiguration
    static class Config extends ShardPlanHotKeyWiring {
        @Override
        HotKeysProperties properties() {
            return new HotKeysProperties(
                    true,
                    5,
                    HotKeysProperties.ExportKey.HASH,
                    "shard-salt",
                    1000,
                    Duration.ofMinutes(5),
                    Duration.ofSeconds(1),
                    1024,
                    false);
        }
    }

    @Autowired
    MockMvc mvc;

    @Autowired
    HotKeyRegistry registry;

    String body(String uri) throws Exception {
        return mvc.perform(get(uri))
                .andExpect(status().isOk())
                .andReturn()
                .getResponse()
                .getContentAsString();
    }

    String hashedPlan(String hash) throws Exception {
        return body("/plan/shards?keyspace=hot&table=item_events&hotkeyTable=items&hotkey=" + hash
                + "&shardColumn=shard&target=100000");
    }

    @Test
    void aHashedLabelIsSizedWithoutAnythingComputedFromTheKey() throws Exception {
        // given two hot keys with the same traffic
        registry.forget("hot", "items");
        registry.record("hot", "items", List.of("celebrity"), 480_000);
        registry.record("hot", "items", List.of("influencer"), 480_000);
        registry.refresh();
        List<String> hashes = JsonPath.read(body("/hotkeys?keyspace=hot&table=items"), "$.tables[0].keys[*].label");
        assertThat(hashes).hasSize(2).allMatch(h -> h.matches("[0-9a-f]{16}"));

        // when each is planned by its hash
        String first = hashedPlan(hashes.get(0));
        String second = hashedPlan(hashes.get(1));

        // then the count, load and figures are there, and nothing that depends on the key's bytes
        assertThat((Integer) JsonPath.read(first, "$.count")).isEqualTo(5);
        assertThat((Double) JsonPath.read(first, "$.load")).isEqualTo(480_000.0);
        assertThat((String) JsonPath.read(first, "$.hotKey.label")).isEqualTo(hashes.get(0));
        for (String absent : List.of(
                "\"key\":",
                "\"token\"",
                "\"replicas\"",
                "\"sequential\"",
                "\"spread\"",
                "Spread\"",
                "candidatesSearched",
                "celebrity",
                "influencer")) {
            assertThat(first).as(absent).doesNotContain(absent);
        }
        // the two answers differ only by the label given: a guess cannot be matched against either
        // (and by the snapshot's age at each request)
        assertThat(second.replace(hashes.get(1), "H").replaceAll("\"ageSeconds\":[0-9.]+", ""))
                .isEqualTo(first.replace(hashes.get(0), "H").replaceAll("\"ageSeconds\":[0-9.]+", ""));
    }

    @Test
    void anAttackerComparingGuessedKeysPlansWithTheHashedKeysPlanFindsNoMatch() throws Exception {
        // given a hot key the attacker knows only by its hash, and candidates among which the right one is
        registry.forget("hot", "items");
        registry.record("hot", "items", List.of("user-42@example.com"), 480_000);
        registry.refresh();
        String hash = JsonPath.read(body("/hotkeys?keyspace=hot&table=items"), "$.tables[0].keys[0].label");
        String hashed = hashedPlan(hash);

        // when the attacker plans each guess by hand and looks for its placement in the hashed answer
        for (int candidate = 0; candidate < 80; candidate++) {
            String clear = body("/plan/shards?keyspace=hot&table=item_events&item_id=user-" + candidate
                    + "@example.com&shardColumn=shard&load=480000&target=100000");
            List<Object> replicas = JsonPath.read(clear, "$.sequential[*].replicas");
            // then nothing of a guess's plan appears in the hashed answer, the right guess's (42) included
            assertThat(hashed)
                    .as("candidate " + candidate)
                    .doesNotContain(JsonPath.<Object>read(clear, "$.sequential[0].replicas")
                            .toString()
                            .replace(" ", ""))
                    .doesNotContain("{\"shard\":");
            assertThat(replicas).hasSize(5);
        }

        // clear keys are hidden: a guessed clear label must not confirm that the key is hot
        problem(
                mvc.perform(get("/plan/shards?keyspace=hot&table=item_events&hotkeyTable=items"
                        + "&hotkey=user-42@example.com&shardColumn=shard&target=100000")),
                404,
                "unknown-hot-key");
    }
}
