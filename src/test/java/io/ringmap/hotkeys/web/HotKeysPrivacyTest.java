package io.ringmap.hotkeys.web;

import static io.ringmap.web.ProblemAssertions.problem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.ringmap.hits.web.HitsController;
import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.config.HotKeysProperties;
import io.ringmap.routing.web.TokenController;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Isolated;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;

/**
 * With {@code export-key: hash}, {@code GET /hotkeys} and problem details follow the export: hashed labels, no clear
 * key, value or token, unless {@code show-clear-keys} explicitly allows clear keys.
 */
@Isolated("reads the process's output")
class HotKeysPrivacyTest {

    static final String SALT = "privacy-test-salt";
    static final String SECRET_SENSOR = "patient-4711";

    static HotKeysProperties hashed(boolean showClearKeys) {
        return new HotKeysProperties(
                true,
                5,
                HotKeysProperties.ExportKey.HASH,
                SALT,
                1000,
                Duration.ofMinutes(5),
                Duration.ofSeconds(1),
                1024,
                showClearKeys);
    }

    @TestConfiguration
    static class HiddenKeys extends HotKeysWebWiring {
        @Override
        HotKeysProperties properties() {
            return hashed(false);
        }
    }

    @TestConfiguration
    static class ShownKeys extends HotKeysWebWiring {
        @Override
        HotKeysProperties properties() {
            return hashed(true);
        }
    }

    abstract static class Calls {

        @Autowired
        MockMvc mvc;

        @Autowired
        HotKeyRegistry hotKeys;

        @BeforeEach
        void forgetEarlierTests() {
            hotKeys.forget("iot", "readings");
            hotKeys.forget("iot", "by_id");
        }

        ResultActions postHits(String body) throws Exception {
            return mvc.perform(
                    post("/hits").contentType(MediaType.APPLICATION_JSON).content(body));
        }

        void reportSecretSensor() throws Exception {
            postHits("""
                    {"keyspace": "iot", "table": "readings", "hits": [
                      {"key": {"sensor_id": "%s", "day": "2026-10-01"}, "count": 7}]}""".formatted(SECRET_SENSOR)).andExpect(status().isOk());
        }
    }

    @Nested
    @WebMvcTest(
            controllers = {HitsController.class, HotKeysController.class, TokenController.class},
            properties = {"ringmap.hotkeys.export-key=hash", "ringmap.hotkeys.salt=" + SALT})
    @Import(HiddenKeys.class)
    @ExtendWith(OutputCaptureExtension.class)
    class ClearKeysHidden extends Calls {

        @Test
        void hotKeysShowTheHashedLabelOnlyWithoutKeyTokenOrReplicas(CapturedOutput output) throws Exception {
            reportSecretSensor();
            String hash = hashed(false).exporter().export(SECRET_SENSOR + ":2026-10-01");

            String body = mvc.perform(get("/hotkeys?keyspace=iot&table=readings"))
                    .andExpect(status().isOk())
                    .andExpect(jsonPath("$.exportKey").value("hash"))
                    .andExpect(jsonPath("$.clearKeys").value(false))
                    .andExpect(jsonPath("$.tables[0].keys[0].label").value(hash))
                    .andExpect(jsonPath("$.tables[0].keys[0].exportedAs").value(hash))
                    .andExpect(jsonPath("$.tables[0].keys[0].key").doesNotExist())
                    .andExpect(jsonPath("$.tables[0].keys[0].token").doesNotExist())
                    .andExpect(jsonPath("$.tables[0].keys[0].estimate").value(7))
                    .andExpect(jsonPath("$.tables[0].keys[0].replicas").doesNotExist())
                    .andReturn()
                    .getResponse()
                    .getContentAsString();

            assertThat(hash).matches("[0-9a-f]{16}");
            assertThat(body).doesNotContain(SECRET_SENSOR);
            assertThat(output.getAll()).doesNotContain(SECRET_SENSOR);
        }

        @Test
        void aBadKeyInPostHitsIsRejectedWithoutEchoingTheValue(CapturedOutput output) throws Exception {
            String body = problem(postHits("""
                    {"keyspace": "iot", "table": "by_id", "hits": [{"key": {"id": "7"}},
                      {"key": {"id": "%s"}}]}""".formatted(SECRET_SENSOR)), 400, "invalid-key-value")
                    .andExpect(jsonPath("$.index").value(1))
                    .andExpect(jsonPath("$.column").value("id"))
                    .andExpect(jsonPath("$.expectedType").value("int"))
                    .andExpect(jsonPath("$.value").doesNotExist())
                    .andReturn()
                    .getResponse()
                    .getContentAsString();

            assertThat(body).doesNotContain(SECRET_SENSOR);
            String lookup = problem(
                            mvc.perform(get("/token")
                                    .param("keyspace", "iot")
                                    .param("table", "by_id")
                                    .param("id", SECRET_SENSOR)),
                            400,
                            "invalid-key-value")
                    .andReturn()
                    .getResponse()
                    .getContentAsString();
            assertThat(lookup).doesNotContain(SECRET_SENSOR);
            assertThat(output.getAll()).doesNotContain(SECRET_SENSOR);
        }
    }

    @Nested
    @WebMvcTest(
            controllers = {HitsController.class, HotKeysController.class, TokenController.class},
            properties = {
                "ringmap.hotkeys.export-key=hash",
                "ringmap.hotkeys.salt=" + SALT,
                "ringmap.hotkeys.show-clear-keys=true"
            })
    @Import(ShownKeys.class)
    class ClearKeysExplicitlyAllowed extends Calls {

        @Test
        void hotKeysShowTheClearKeyBesideItsHash() throws Exception {
            reportSecretSensor();

            mvc.perform(get("/hotkeys?keyspace=iot&table=readings"))
                    .andExpect(status().isOk())
                    .andExpect(jsonPath("$.clearKeys").value(true))
                    .andExpect(jsonPath("$.tables[0].keys[0].label").value(SECRET_SENSOR + ":2026-10-01"))
                    .andExpect(jsonPath("$.tables[0].keys[0].exportedAs")
                            .value(hashed(true).exporter().export(SECRET_SENSOR + ":2026-10-01")))
                    .andExpect(jsonPath("$.tables[0].keys[0].key.sensor_id").value(SECRET_SENSOR))
                    .andExpect(jsonPath("$.tables[0].keys[0].token").isString());
        }

        @Test
        void aBadKeyIsEchoedWhenClearKeysAreAllowed() throws Exception {
            problem(
                            mvc.perform(get("/token")
                                    .param("keyspace", "iot")
                                    .param("table", "by_id")
                                    .param("id", SECRET_SENSOR)),
                            400,
                            "invalid-key-value")
                    .andExpect(jsonPath("$.value").value(SECRET_SENSOR));
        }
    }
}
