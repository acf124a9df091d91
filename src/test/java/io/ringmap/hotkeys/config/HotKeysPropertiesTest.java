package io.ringmap.hotkeys.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.RingmapConfiguration;
import io.ringmap.hits.HitRecorder;
import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.metrics.HotKeyMetrics;
import io.ringmap.hotkeys.metrics.HotKeyScheduler;
import io.ringmap.hotkeys.metrics.HotKeySeriesLimit;
import io.ringmap.hotkeys.service.HotKeyQuery;
import io.ringmap.routing.config.RoutingConfiguration;
import io.ringmap.snapshot.config.SnapshotConfiguration;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

class HotKeysPropertiesTest {

    private final ApplicationContextRunner context = new ApplicationContextRunner()
            .withUserConfiguration(
                    RingmapConfiguration.class,
                    SnapshotConfiguration.class,
                    RoutingConfiguration.class,
                    HotKeysConfiguration.class,
                    HotKeysPropertiesConfiguration.class);

    @Test
    void bindsTheDocumentedDefaults() {
        context.run(c -> {
            HotKeysProperties p = c.getBean(HotKeysProperties.class);
            assertThat(p.enabled()).isTrue();
            assertThat(p.topK()).isEqualTo(20);
            assertThat(p.exportKey()).isEqualTo(HotKeysProperties.ExportKey.PLAIN);
            assertThat(p.maxTables()).isEqualTo(1000);
            assertThat(p.window()).isEqualTo(Duration.ofMinutes(5));
            assertThat(p.refreshInterval()).isEqualTo(Duration.ofSeconds(1));
            assertThat(p.maxMapSize()).isEqualTo(1024);
            assertThat(c)
                    .hasSingleBean(HotKeyRegistry.class)
                    .hasSingleBean(HotKeyMetrics.class)
                    .hasSingleBean(HotKeySeriesLimit.class)
                    .hasSingleBean(HotKeyScheduler.class)
                    .hasSingleBean(HitRecorder.class)
                    .hasSingleBean(HotKeyQuery.class);
            assertThat(c.getBean(HotKeyScheduler.class).isRunning()).isTrue();
        });
    }

    @Test
    void bindsHashedExportWithASalt() {
        context.withPropertyValues(
                        "ringmap.hotkeys.export-key=hash",
                        "ringmap.hotkeys.salt=s3cret",
                        "ringmap.hotkeys.top-k=5",
                        "ringmap.hotkeys.window=30s")
                .run(c -> {
                    HotKeysProperties p = c.getBean(HotKeysProperties.class);
                    assertThat(p.exporter().hashing()).isTrue();
                    assertThat(c.getBean(HotKeyRegistry.class).settings().topK())
                            .isEqualTo(5);
                });
    }

    @Test
    void refusesToStartHashingWithoutASalt() {
        context.withPropertyValues("ringmap.hotkeys.export-key=hash").run(c -> {
            assertThat(c).hasFailed();
            assertThat(c.getStartupFailure()).rootCause().hasMessageContaining("ringmap.hotkeys.salt must be set");
        });
        context.withPropertyValues("ringmap.hotkeys.export-key=hash", "ringmap.hotkeys.salt=")
                .run(c -> assertThat(c).hasFailed());
    }

    @Test
    void refusesAMapTooSmallForTheTopKAndNonPositiveIntervals() {
        context.withPropertyValues("ringmap.hotkeys.top-k=300")
                .run(c -> assertThat(c).hasFailed());
        context.withPropertyValues("ringmap.hotkeys.refresh-interval=0s")
                .run(c -> assertThat(c).hasFailed());
        context.withPropertyValues("ringmap.hotkeys.export-key=sha1")
                .run(c -> assertThat(c).hasFailed());
    }

    @Test
    void createsNoRecorderNorMetersWhenDisabled() {
        context.withPropertyValues("ringmap.hotkeys.enabled=false").run(c -> {
            assertThat(c)
                    .hasNotFailed()
                    .doesNotHaveBean(HitRecorder.class)
                    .doesNotHaveBean(HotKeyMetrics.class)
                    .doesNotHaveBean(HotKeySeriesLimit.class)
                    .doesNotHaveBean(HotKeyRegistry.class)
                    .doesNotHaveBean(HotKeyScheduler.class)
                    .doesNotHaveBean(HotKeyQuery.class);
        });
    }
}
