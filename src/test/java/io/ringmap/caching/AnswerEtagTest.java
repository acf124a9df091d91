package io.ringmap.caching;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

import io.ringmap.ranges.web.RangesController;
import io.ringmap.routing.RoutingService;
import io.ringmap.routing.web.ReplicasController;
import io.ringmap.routing.web.RingController;
import io.ringmap.routing.web.SplitsController;
import io.ringmap.routing.web.TokenController;
import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.snapshot.SnapshotHolder;
import io.ringmap.topology.StaticTopologyParser;
import io.ringmap.topology.TopologyModel;
import io.ringmap.web.SplitAndOwnershipServices;
import io.ringmap.web.WebTestSupport;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.MockMvc;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every tagged GET carries the entity tag of the snapshot its body came from, even when a publication lands between
 * the conditional-request check (which reads the holder's snapshot) and the handler (which reads its own).
 */
@WebMvcTest(
        controllers = {
            TokenController.class,
            ReplicasController.class,
            SplitsController.class,
            RingController.class,
            RangesController.class
        })
@Import(SplitAndOwnershipServices.class)
class AnswerEtagTest {

    static final List<String> TAGGED = List.of(
            "/token?keyspace=iot&table=readings&sensor_id=s-1&day=2026-10-01",
            "/replicas?keyspace=iot&table=readings&sensor_id=s-1&day=2026-10-01",
            "/splits?keyspace=iot&table=readings&n=4",
            "/ring",
            "/ranges?keyspace=iot");

    static final TopologyModel ALL_UP = model("");
    static final TopologyModel N2_DOWN = model("state: DOWN, ");

    /** A holder that publishes {@link #next} just before the handler reads it: after the ETag check, before the body. */
    static final class PublishingOnRead extends SnapshotHolder {

        final AtomicReference<TopologyModel> next = new AtomicReference<>();

        PublishingOnRead() {
            super(Clock.systemUTC());
        }

        @Override
        public ServedSnapshot current() {
            TopologyModel model = next.getAndSet(null);
            if (model != null) {
                publish(model, "static:test");
            }
            return super.current();
        }
    }

    @TestConfiguration
    static class Config {

        @Bean
        PublishingOnRead holder() {
            return new PublishingOnRead();
        }

        @Bean
        RoutingService routingService(PublishingOnRead holder) {
            return WebTestSupport.routing(holder, 10);
        }
    }

    @Autowired
    MockMvc mvc;

    @Autowired
    PublishingOnRead holder;

    final JsonMapper json = JsonMapper.builder().build();

    @BeforeEach
    void allUp() {
        holder.next.set(null);
        holder.publish(ALL_UP, "static:test");
    }

    @Test
    void tagsEachAnswerWithTheSnapshotItsBodyCameFromWhenAPublicationLandsInBetween() throws Exception {
        for (String path : TAGGED) {
            holder.publish(ALL_UP, "static:test");
            String before = "W/" + holder.current().etag();
            holder.next.set(N2_DOWN);

            MockHttpServletResponse answer = mvc.perform(get(path)).andReturn().getResponse();

            assertThat(answer.getStatus()).as(path).isEqualTo(200);
            String bodyVersion = json.readTree(answer.getContentAsString())
                    .path("snapshot")
                    .path("version")
                    .asString();
            assertThat(bodyVersion).as(path).isEqualTo(holder.current().contentHash());
            assertThat(answer.getHeader("ETag"))
                    .as(path)
                    .isEqualTo("W/\"" + bodyVersion + "\"")
                    .isNotEqualTo(before);
        }
    }

    @Test
    void aNodeFlappingBackDoesNotRevalidateTheBodyTakenWhileItWasDown() throws Exception {
        String path = TAGGED.get(1);
        String upTag = "W/" + holder.current().etag();
        holder.next.set(N2_DOWN);
        MockHttpServletResponse whileDown = mvc.perform(get(path)).andReturn().getResponse();
        holder.publish(ALL_UP, "static:test"); // N2 is back: the content hash is the first one's again

        MockHttpServletResponse revalidated = mvc.perform(
                        get(path).header("If-None-Match", whileDown.getHeader("ETag")))
                .andReturn()
                .getResponse();

        assertThat(whileDown.getHeader("ETag")).isNotEqualTo(upTag);
        assertThat(revalidated.getStatus()).isEqualTo(200);
        assertThat(revalidated.getHeader("ETag")).isEqualTo(upTag);
        assertThat(revalidated.getContentAsString())
                .contains("\"state\":\"UP\"")
                .doesNotContain("DOWN");
    }

    @Test
    void answers304WhenTheClientHoldsTheServedSnapshotsTag() throws Exception {
        String path = TAGGED.get(3);
        String tag = mvc.perform(get(path)).andReturn().getResponse().getHeader("ETag");

        MockHttpServletResponse again =
                mvc.perform(get(path).header("If-None-Match", tag)).andReturn().getResponse();

        assertThat(again.getStatus()).isEqualTo(304);
        assertThat(again.getHeader("ETag")).isEqualTo(tag);
        assertThat(again.getContentAsString()).isEmpty();
    }

    private static TopologyModel model(String n2State) {
        try (InputStream in = AnswerEtagTest.class.getResourceAsStream("/topology/default.yaml")) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return StaticTopologyParser.parse(text.replace("{hostId: N2, ", "{hostId: N2, " + n2State), "test");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
