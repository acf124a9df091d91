package io.ringmap.caching;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * How clients may cache snapshot-derived answers.
 *
 * @param maxAge how long a client may reuse an answer without revalidating: 0 (the default) sends
 *     {@code Cache-Control: no-cache}, so every reuse is revalidated with the ETag (a 304 costs no routing work);
 *     longer lets clients route from an answer up to that old, e.g. the topology refresh interval for a static file
 * @param strongEtag send the content hash as a strong ETag ({@code "hash"}) instead of a weak one
 *     ({@code W/"hash"}). Off by default: Tomcat does not gzip an answer that carries a strong ETag (a compressed
 *     representation is a different one, RFC 9110 8.8.1), and the body's per-request {@code ageSeconds} makes answers
 *     equivalent rather than byte-identical, which is what a weak tag says. If-None-Match compares weakly either way,
 *     so revalidation (304) works the same.
 */
@Validated
@ConfigurationProperties("ringmap.caching")
public record CachingProperties(
        @DefaultValue("0s") Duration maxAge,
        @DefaultValue("false") boolean strongEtag) {

    public CachingProperties {
        if (maxAge.isNegative()) {
            throw new IllegalArgumentException("ringmap.caching.max-age must not be negative, was " + maxAge);
        }
    }

    /** The Cache-Control header value. */
    public String cacheControl() {
        return maxAge.isZero() ? "no-cache" : "max-age=" + maxAge.toSeconds() + ", must-revalidate";
    }
}
