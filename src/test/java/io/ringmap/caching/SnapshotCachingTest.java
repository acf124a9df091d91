package io.ringmap.caching;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class SnapshotCachingTest {

    @Test
    void comparesIfNoneMatchWeakly() {
        assertThat(SnapshotCaching.matches("W/\"abc\"", "W/\"abc\"")).isTrue();
        assertThat(SnapshotCaching.matches("\"abc\"", "W/\"abc\"")).isTrue();
        assertThat(SnapshotCaching.matches("\"x\", W/\"abc\"", "\"abc\"")).isTrue();
        assertThat(SnapshotCaching.matches("*", "\"abc\"")).isTrue();
        assertThat(SnapshotCaching.matches("\"abc-stale\"", "\"abc\"")).isFalse();
        assertThat(SnapshotCaching.matches(null, "\"abc\"")).isFalse();
        assertThat(SnapshotCaching.matches(" ", "\"abc\"")).isFalse();
    }

    @Test
    void cacheControlFollowsTheMaxAge() {
        assertThat(new CachingProperties(Duration.ZERO, false).cacheControl()).isEqualTo("no-cache");
        assertThat(new CachingProperties(Duration.ofSeconds(30), false).cacheControl())
                .isEqualTo("max-age=30, must-revalidate");
        assertThatThrownBy(() -> new CachingProperties(Duration.ofSeconds(-1), false))
                .hasMessageContaining("ringmap.caching.max-age");
    }
}
