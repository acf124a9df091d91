package io.ringmap.availability.web;

import java.util.Arrays;
import java.util.List;

/** The {@code down} parameter: node names given comma-separated, repeated, or both. */
final class DownNodes {

    private DownNodes() {}

    /** The names, trimmed, empty ones left out; none for null. */
    static List<String> names(List<String> down) {
        if (down == null) {
            return List.of();
        }
        return down.stream()
                .flatMap(d -> Arrays.stream(d.split(",")))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .toList();
    }
}
