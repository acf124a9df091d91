package io.ringmap.sizes;

/**
 * A guideline breach or a pathology signal.
 *
 * @param kind    {@code partition-too-large}, {@code too-many-rows}, {@code max-far-above-p99} or
 *                {@code max-far-above-mean}
 * @param node    the node whose figures show it
 * @param key     the partition's key when known
 * @param message what was measured against what
 */
public record SizeWarning(String kind, String node, String key, String message) {}
