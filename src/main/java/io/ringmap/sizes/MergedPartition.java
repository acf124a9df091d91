package io.ringmap.sizes;

import java.util.List;

/** A partition named by one or more nodes (its replicas), with the largest value any of them reported. */
public record MergedPartition(String key, long value, List<String> reportedBy) {

    public MergedPartition {
        reportedBy = List.copyOf(reportedBy);
    }
}
