package io.ringmap.hotkeys;

/**
 * One heavy hitter of a table as the sketch estimates it; the true count lies in {@code [lowerBound, upperBound]}.
 *
 * @param key        exported key (label, or its hash)
 * @param estimate   estimated hits
 * @param lowerBound hits certainly seen
 * @param upperBound hits at most seen
 * @param share      estimate / hits of the table, between 0 and 1
 */
public record HotKey(String key, long estimate, long lowerBound, long upperBound, double share) {
}
