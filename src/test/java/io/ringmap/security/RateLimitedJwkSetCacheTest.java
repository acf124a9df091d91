package io.ringmap.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The key-set cache lets unknown key ids refetch at most once per interval, and expires a set after five minutes. */
class RateLimitedJwkSetCacheTest {

    private Instant now = Instant.parse("2026-12-02T00:00:00Z");
    private final Clock clock = new Clock() {
        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    };
    private final AtomicInteger fetches = new AtomicInteger();
    private final RateLimitedJwkSetCache cache = new RateLimitedJwkSetCache(Duration.ofSeconds(30), clock);

    private String keySet() {
        return cache.get("uri", () -> "set-" + fetches.incrementAndGet());
    }

    @Test
    void unknownKeyIdsRefetchAtMostOncePerInterval() {
        assertThat(keySet()).isEqualTo("set-1");

        // a burst of unknown key ids: each invalidates, then reads the set again
        for (int i = 0; i < 100; i++) {
            cache.invalidate();
            keySet();
            now = now.plusMillis(100);
        }
        assertThat(fetches).hasValue(2); // the first invalidation fetched, the next 99 within 10 s did not

        now = now.plusSeconds(21);
        cache.invalidate();
        assertThat(keySet()).isEqualTo("set-3");
    }

    @Test
    void aSetOlderThanFiveMinutesIsFetchedAgain() {
        assertThat(keySet()).isEqualTo("set-1");
        now = now.plus(Duration.ofMinutes(4));
        assertThat(keySet()).isEqualTo("set-1");

        now = now.plus(Duration.ofMinutes(2));
        assertThat(keySet()).isEqualTo("set-2");
        assertThat(keySet()).isEqualTo("set-2");
    }
}
