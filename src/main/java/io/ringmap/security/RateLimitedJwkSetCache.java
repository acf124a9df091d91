package io.ringmap.security;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.cache.concurrent.ConcurrentMapCache;

/**
 * The cache of the identity provider's key set (Spring Security's {@code NimbusJwtDecoder} keeps the fetched set
 * in it), which forgets the set at most once per interval. A token whose key id ({@code kid}) is not in the set
 * makes the decoder invalidate the cache and fetch the set again, while the request waits; a flood of made-up key ids
 * would fetch it once per request. Here an invalidation within the interval of the last one is ignored, so such
 * tokens are refused from the cached set and the provider sees at most one fetch per interval. The decoder's own
 * time-based refresh (every five minutes) goes through the same gate.
 */
final class RateLimitedJwkSetCache extends ConcurrentMapCache {

    private final Clock clock;
    private final long intervalMillis;
    private final AtomicLong lastInvalidation;

    RateLimitedJwkSetCache(Duration interval, Clock clock) {
        super("ringmap-jwk-set");
        this.clock = clock;
        this.intervalMillis = interval.toMillis();
        this.lastInvalidation = new AtomicLong(clock.millis() - intervalMillis);
    }

    @Override
    public boolean invalidate() {
        long now = clock.millis();
        long last = lastInvalidation.get();
        if (now - last < intervalMillis || !lastInvalidation.compareAndSet(last, now)) {
            return false; // refetched recently (or another thread is just doing it): keep the cached set
        }
        return super.invalidate();
    }

    @Override
    public void clear() {
        invalidate();
    }

    @Override
    public void evict(Object key) {
        invalidate();
    }
}
