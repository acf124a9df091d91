package io.ringmap.web;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.ringmap.routing.RoutingService;
import io.ringmap.routing.web.ReplicasController;
import io.ringmap.routing.web.RingController;
import io.ringmap.routing.web.SplitsController;
import io.ringmap.routing.web.TokenController;
import io.ringmap.snapshot.SnapshotHolder;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;

/** Before a first snapshot every endpoint answers 503 problem+json with Retry-After. */
@WebMvcTest(
        controllers = {TokenController.class, ReplicasController.class, SplitsController.class, RingController.class})
@Import(SplitAndOwnershipServices.class)
class NoSnapshotTest {

    @TestConfiguration
    static class Config {
        @Bean
        RoutingService routingService() {
            return WebTestSupport.routing(new SnapshotHolder(Clock.systemUTC()), 10);
        }
    }

    @Autowired
    MockMvc mvc;

    @Test
    void answers503BeforeTheFirstSnapshot() throws Exception {
        for (String path : new String[] {
            "/token?keyspace=iot&table=readings&sensor_id=s&day=2026-10-01",
            "/replicas?keyspace=iot&token=1",
            "/splits?keyspace=iot&table=readings",
            "/ring"
        }) {
            mvc.perform(get(path))
                    .andExpect(status().isServiceUnavailable())
                    .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                    .andExpect(header().string("Retry-After", "5"))
                    .andExpect(jsonPath("$.type").value("urn:ringmap:problem:no-snapshot"));
        }
    }
}
