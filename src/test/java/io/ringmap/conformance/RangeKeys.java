package io.ringmap.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Sample keys for the conformance tests that write into every token range of a ring. */
final class RangeKeys {

    private RangeKeys() {}

    /**
     * Keys {@code key-0}, {@code key-1}, ... chosen so that each of the ring's {@code ranges} token ranges holds
     * {@code perRange} of them, grouped by range.
     *
     * @param rangeOf the range a key falls in (any value naming it, e.g. the range's end token)
     */
    static List<String> inEveryRange(int perRange, int ranges, Function<String, ?> rangeOf) {
        Map<Object, List<String>> byRange = new LinkedHashMap<>();
        for (int i = 0; byRange.values().stream().mapToInt(List::size).sum() < perRange * ranges; i++) {
            String key = "key-" + i;
            List<String> in = byRange.computeIfAbsent(rangeOf.apply(key), r -> new ArrayList<>());
            if (in.size() < perRange) {
                in.add(key);
            }
            assertThat(i).as("keys needed to cover every range").isLessThan(10_000);
        }
        return byRange.values().stream().flatMap(List::stream).toList();
    }
}
