package io.ringmap.topology;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder;
import io.ringmap.config.ClusterProperties;
import io.ringmap.config.TopologyProperties;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterDriverSettingsTest {

    static DriverExecutionProfile profile(ProgrammaticDriverConfigLoaderBuilder builder) {
        try (DriverConfigLoader loader = builder.build()) {
            return loader.getInitialConfig().getDefaultProfile();
        }
    }

    static DriverExecutionProfile ringmapProfile() {
        ProgrammaticDriverConfigLoaderBuilder builder = DriverConfigLoader.programmaticBuilder();
        new ClusterDriverSettings(
                        new TopologyProperties("x", Duration.ofSeconds(30), List.of(), "cluster"),
                        new ClusterProperties("", Duration.ofMillis(200), Duration.ofSeconds(2), Duration.ofSeconds(5)))
                .customize(builder);
        return profile(builder);
    }

    @Test
    void schemaRefreshesWaitTwoSecondsForAgreementNotTheDriversTen() {
        assertThat(profile(DriverConfigLoader.programmaticBuilder())
                        .getDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT))
                .hasSeconds(10);
        assertThat(ringmapProfile().getDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT))
                .hasSeconds(2);
    }

    @Test
    void aSchemaRefreshCountsAsStuckAfterTwiceAgreementPlusQueriesAndASecond() {
        // agreement 2 s + its last query 5 s (control connection timeout) + schema queries 2 s, twice, + 1 s
        assertThat(StuckSchemaRefresh.stuckAfter(ringmapProfile())).isEqualTo(Duration.ofSeconds(19));
        // with the driver's defaults it would be 35 s: a schema change could go unseen for over half a minute
        assertThat(StuckSchemaRefresh.stuckAfter(profile(DriverConfigLoader.programmaticBuilder())))
                .isEqualTo(Duration.ofSeconds(35));
    }
}
