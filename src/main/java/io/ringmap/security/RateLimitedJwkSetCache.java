package io.ringmap.security;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.cache.concurrent.ConcurrentMapCache;

/**
 * The cache of the identity provider's key set, given to Spring Security's {@code NimbusJwtDecoder} (which then
 * keeps the fetched set here instead of in Nimbus's own cache). A token whose key id ({@code kid}) is not in the set
 * makes the decoder invalidate the cache and fetch the set again while the request waits, so a flood of made-up key
 * ids would fetch it once per request. Here an invalidation within the interval of the last one is ignored: such
 * tokens are refused from the cached set, and the provider sees at most one such fetch per interval. A set older than
 * {@link #TIME_TO_LIVE} is fetched again on its next use (what Nimbus's cache does by default), so a key the provider
 * removed stops being trusted.
 */
final class RateLimitedJwkSetCache extends ConcurrentMapCache {

    /** How long a fetched key set is used before it is fetched again, unknown key ids or not. */
    static final Duration TIME_TO_LIVE = Duration.ofMinutes(5);

    private final Clock clock;
    private final long intervalMillis;
    private final AtomicLong lastInvalidation;
    private final AtomicLong emptiedAt;

    RateLimitedJwkSetCache(Duration interval, Clock clock) {
        super("ringmap-jwk-set");
        this.clock = clock;
        this.intervalMillis = interval.toMillis();
        this.lastInvalidation = new AtomicLong(clock.millis() - intervalMillis);
        this.emptiedAt = new AtomicLong(clock.millis());
    }

    @Override
    public <T> T get(Object key, Callable<T> valueLoader) {
        long now = clock.millis();
        long emptied = emptiedAt.get();
        if (now - emptied > TIME_TO_LIVE.toMillis() && emptiedAt.compareAndSet(emptied, now)) {
            super.invalidate(); // expired: the loader below fetches the set again
        }
        return super.get(key, valueLoader);
    }

    @Override
    public boolean invalidate() {
        long now = clock.millis();
        long last = lastInvalidation.get();
        if (now - last < intervalMillis || !lastInvalidation.compareAndSet(last, now)) {
            return false; // refetched recently (or another thread is just doing it): keep the cached set
        }
        emptiedAt.set(now);
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
