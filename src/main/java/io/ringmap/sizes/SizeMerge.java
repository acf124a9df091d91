package io.ringmap.sizes;

import io.ringmap.ring.TableName;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The merge rules for one table over nodes: maxima take the largest, partition counts add each node's primary
 * ranges (replicas counted once), disk usage adds every replica's copy, distributions take the worst node, and
 * ranked partitions merge by key with the nodes that reported them.
 */
public final class SizeMerge {

    private SizeMerge() {}

    /**
     * @param byNode each reporting node's figures, by address
     * @param limit  how many ranked partitions to keep
     */
    public static MergedTable merge(TableName table, Map<String, NodeTableStats> byNode, int limit) {
        Long max = null;
        boolean exact = !byNode.isEmpty();
        long partitions = 0;
        double bytes = 0;
        boolean anyRanges = false;
        Long disk = null;
        Percentiles sizes = null;
        Percentiles cells = null;
        ReadStats rows = null;
        ReadStats tombstones = null;
        for (NodeTableStats s : byNode.values()) {
            Long m = s.maxPartitionBytes();
            if (m != null) {
                max = max == null ? m : Math.max(max, m);
            }
            exact &= s.maxPartitionExact();
            for (RangeEstimate r : s.primaryRanges()) {
                anyRanges = true;
                partitions += r.partitions();
                bytes += r.bytes();
            }
            Long d = s.diskBytes();
            if (d != null) {
                disk = disk == null ? d : disk + d;
            }
            if (s.jmx() != null) {
                sizes = s.jmx().partitionSize() == null
                        ? sizes
                        : s.jmx().partitionSize().worst(sizes);
                cells = s.jmx().cellCount() == null
                        ? cells
                        : s.jmx().cellCount().worst(cells);
            }
            rows = s.rowsPerRead() == null ? rows : s.rowsPerRead().worst(rows);
            tombstones = s.tombstonesPerRead() == null
                    ? tombstones
                    : s.tombstonesPerRead().worst(tombstones);
        }
        Long mean = anyRanges && partitions > 0 ? Math.round(bytes / partitions) : null;
        return new MergedTable(
                table,
                max,
                exact && max != null,
                mean,
                anyRanges ? partitions : null,
                disk,
                sizes,
                cells,
                rows,
                tombstones,
                ranked(byNode, NodeTableStats::largestPartitions, limit),
                ranked(byNode, NodeTableStats::mostTombstonedPartitions, limit),
                byNode.size());
    }

    /**
     * The partitions nodes sampled (JMX {@code toppartitions}), merged by key: counts add up over nodes (each node
     * counts the requests it served), highest first.
     *
     * @param reads true for sampled reads, false for sampled writes
     */
    public static List<MergedPartition> sampled(Map<String, NodeTableStats> byNode, boolean reads, int limit) {
        return ranked(
                byNode,
                s -> s.jmx() == null
                        ? List.of()
                        : reads ? s.jmx().sampledReads() : s.jmx().sampledWrites(),
                limit,
                true);
    }

    /** Partitions merged by key: the largest value any node reported, the nodes that reported it, largest first. */
    static List<MergedPartition> ranked(
            Map<String, NodeTableStats> byNode, Function<NodeTableStats, List<RankedPartition>> list, int limit) {
        return ranked(byNode, list, limit, false);
    }

    private static List<MergedPartition> ranked(
            Map<String, NodeTableStats> byNode,
            Function<NodeTableStats, List<RankedPartition>> list,
            int limit,
            boolean sum) {
        Map<String, long[]> values = new LinkedHashMap<>();
        Map<String, List<String>> nodes = new TreeMap<>();
        byNode.forEach((address, stats) -> {
            for (RankedPartition p : list.apply(stats)) {
                long[] v = values.computeIfAbsent(p.key(), k -> new long[1]);
                v[0] = sum ? v[0] + p.value() : Math.max(v[0], p.value());
                List<String> reporters = nodes.computeIfAbsent(p.key(), k -> new ArrayList<>());
                if (!reporters.contains(address)) {
                    reporters.add(address);
                }
            }
        });
        return values.entrySet().stream()
                .map(e -> new MergedPartition(
                        e.getKey(),
                        e.getValue()[0],
                        nodes.get(e.getKey()).stream().sorted().toList()))
                .sorted(Comparator.comparingLong(MergedPartition::value)
                        .reversed()
                        .thenComparing(MergedPartition::key))
                .limit(limit)
                .toList();
    }
}
