package io.ringmap.sizes;

/** A latency distribution of one table on one node ({@code system_views.local_read_latency} and friends). */
public record Latency(long count, double p50Ms, double p99Ms, double maxMs) {}
