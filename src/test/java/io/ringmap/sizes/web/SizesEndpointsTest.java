package io.ringmap.sizes.web;

import static io.ringmap.web.ProblemAssertions.problem;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.ringmap.config.ApiProperties;
import io.ringmap.hits.HitRecorder;
import io.ringmap.routing.RoutingService;
import io.ringmap.routing.web.SplitsController;
import io.ringmap.sizes.SizeGuideline;
import io.ringmap.sizes.SizesSource;
import io.ringmap.sizes.config.SizesProperties;
import io.ringmap.sizes.service.SizesService;
import io.ringmap.snapshot.SnapshotHolder;
import io.ringmap.topology.StaticTopologyParser;
import io.ringmap.web.SplitAndOwnershipServices;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.util.unit.DataSize;

/**
 * With a static topology there are no server figures: {@code /sizes}, {@code /load} and {@code /splits?mode=size}
 * answer 409 {@code sizes-not-collected} naming why, without Retry-After (no round will ever come, and a 5xx would
 * count the caller's question as a server error); bad input still
 * gets its own problem first.
 */
@WebMvcTest(controllers = {SizesController.class, SplitsController.class})
@Import(SplitAndOwnershipServices.class)
class SizesEndpointsTest {

    @TestConfiguration
    static class Config {

        @Bean
        SnapshotHolder snapshots() throws Exception {
            SnapshotHolder ring = new SnapshotHolder(Clock.systemUTC());
            try (InputStream in = SizesEndpointsTest.class.getResourceAsStream("/topology/default.yaml")) {
                ring.publish(
                        StaticTopologyParser.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "default"),
                        "static:default");
            }
            return ring;
        }

        @Bean
        RoutingService routingService(SnapshotHolder ring) {
            return new RoutingService(ring, new ApiProperties(10), HitRecorder.NONE, null);
        }

        @Bean
        SizesSource sizesSource() {
            return SizesSource.unavailable(
                    "ringmap serves a static topology: partition sizes come only from a live " + "cluster");
        }

        @Bean
        SizesService sizesService(RoutingService routing, SizesSource sizes) {
            SizesProperties settings = new SizesProperties(
                    true,
                    Duration.ofMinutes(5),
                    Duration.ofSeconds(10),
                    Duration.ofSeconds(5),
                    1000,
                    100000,
                    10,
                    false,
                    new SizesProperties.Guideline(DataSize.ofMegabytes(100), 100000, 10),
                    new SizesProperties.Load(0.1, 1.5),
                    new SizesProperties.Jmx(
                            false,
                            "{address}",
                            7199,
                            Map.of(),
                            null,
                            null,
                            false,
                            new SizesProperties.Sampling(false, Duration.ofSeconds(5), 256, 10)));
            return new SizesService(
                    routing,
                    sizes,
                    SizeGuideline.DEFAULT,
                    new SizesService.Limits(
                            settings.topPartitions(),
                            settings.load().ownershipTolerance(),
                            settings.load().imbalanceRatio()),
                    null,
                    Clock.systemUTC());
        }
    }

    @Autowired
    MockMvc mvc;

    @Test
    void everySizeQuestionAnswers409SizesNotCollectedWithTheReason() throws Exception {
        for (String path : new String[] {
            "/sizes?keyspace=iot&table=readings",
            "/load",
            "/load?keyspace=iot",
            "/splits?keyspace=iot&table=readings&mode=size"
        }) {
            problem(mvc.perform(get(path)), 409, "sizes-not-collected")
                    .andExpect(header().doesNotExist("Retry-After"))
                    .andExpect(jsonPath("$.detail", Matchers.containsString("static topology")))
                    .andExpect(jsonPath("$.retryable").value(false));
        }
    }

    @Test
    void unknownTablesAndKeyspacesAreStill404() throws Exception {
        problem(mvc.perform(get("/sizes?keyspace=iot&table=nope")), 404, "unknown-table");
        problem(mvc.perform(get("/sizes?keyspace=nope&table=readings")), 404, "unknown-keyspace");
        problem(mvc.perform(get("/load?keyspace=nope")), 404, "unknown-keyspace");
        problem(mvc.perform(get("/sizes?keyspace=iot")), 400, "invalid-parameter")
                .andExpect(jsonPath("$.parameter").value("table"));
        problem(mvc.perform(get("/splits?keyspace=iot&table=readings&mode=bytes")), 400, "invalid-parameter")
                .andExpect(jsonPath("$.detail", Matchers.containsString("'size'")));
    }

    @Test
    void otherSplitModesNeedNoSizes() throws Exception {
        mvc.perform(get("/splits?keyspace=iot&table=readings&mode=aligned&n=4"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.splits[0].estimatedBytes").doesNotExist());
    }
}
