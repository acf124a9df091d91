package io.ringmap.splits;

/** A split with the bytes and partitions estimated to lie in it. */
public record WeightedSplit(Split split, double estimatedBytes, double estimatedPartitions) {}
