package io.ringmap.hotkeys;

/**
 * One heavy hitter of a table as the sketch estimates it; the true count lies in {@code [lowerBound, upperBound]}.
 *
 * @param key        exported key: the {@code partition} tag value (the label, or its hash)
 * @param estimate   estimated hits
 * @param lowerBound hits certainly seen
 * @param upperBound hits at most seen
 * @param share      estimate / hits of the table, between 0 and 1
 * @param label      the key's own label ({@link KeyLabels#join}, possibly shortened by {@link KeyLabels#bounded}),
 *                   never hashed: for the operator's API, not for metrics
 */
public record HotKey(String key, long estimate, long lowerBound, long upperBound, double share, String label) {

    /** A key exported as its own label. */
    public HotKey(String key, long estimate, long lowerBound, long upperBound, double share) {
        this(key, estimate, lowerBound, upperBound, share, key);
    }
}
