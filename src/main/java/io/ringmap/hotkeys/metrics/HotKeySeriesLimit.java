package io.ringmap.hotkeys.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.config.MeterFilterReply;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;

/**
 * Backstop against a partition-tag explosion of {@value HotKeyMetrics#HOTKEY_HITS}: denies any new series beyond
 * {@code seriesPerTable} live series in one table or beyond {@code maxTables} tables, whatever the core does.
 *
 * <p>Unlike {@code MeterFilter.maximumAllowableTags}, which remembers every tag value it ever accepted and so would
 * start denying new hot keys for good once enough keys had passed through the top K, this counts only series that
 * are still registered: it must be bound to the registry ({@link #bindTo}) to learn about removals.
 */
public final class HotKeySeriesLimit implements MeterFilter, MeterBinder {

    public static final String DENIED = "ringmap.hotkey.series.denied";

    private final int seriesPerTable;
    private final int maxTables;
    private final Map<TableTags, Set<String>> live = new HashMap<>();
    private final LongAdder denied = new LongAdder();

    public HotKeySeriesLimit(int seriesPerTable, int maxTables) {
        if (seriesPerTable < 1 || maxTables < 1) {
            throw new IllegalArgumentException(
                    "series per table and tables must be at least 1, were " + seriesPerTable + " and " + maxTables);
        }
        this.seriesPerTable = seriesPerTable;
        this.maxTables = maxTables;
    }

    @Override
    public MeterFilterReply accept(Meter.Id id) {
        if (!HotKeyMetrics.HOTKEY_HITS.equals(id.getName())) {
            return MeterFilterReply.NEUTRAL;
        }
        TableTags table = new TableTags(id.getTag(HotKeyMetrics.KEYSPACE), id.getTag(HotKeyMetrics.TABLE));
        String partition = id.getTag(HotKeyMetrics.PARTITION);
        synchronized (live) {
            Set<String> partitions = live.get(table);
            if (partitions != null && partitions.contains(partition)) {
                return MeterFilterReply.NEUTRAL;
            }
            if (partitions == null ? live.size() >= maxTables : partitions.size() >= seriesPerTable) {
                denied.increment();
                return MeterFilterReply.DENY;
            }
            live.computeIfAbsent(table, t -> new HashSet<>()).add(partition);
            return MeterFilterReply.NEUTRAL;
        }
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        registry.config().onMeterRemoved(this::release);
        FunctionCounter.builder(DENIED, denied, LongAdder::doubleValue)
                .description("Hot-key series refused by the per-table or table limit; above zero means a bug")
                .register(registry);
    }

    /** Series refused so far; anything above zero means a bug in the hot-key core or binding. */
    public long deniedSeries() {
        return denied.sum();
    }

    private void release(Meter meter) {
        Meter.Id id = meter.getId();
        if (!HotKeyMetrics.HOTKEY_HITS.equals(id.getName())) {
            return;
        }
        TableTags table = new TableTags(id.getTag(HotKeyMetrics.KEYSPACE), id.getTag(HotKeyMetrics.TABLE));
        synchronized (live) {
            Set<String> partitions = live.get(table);
            if (partitions != null && partitions.remove(id.getTag(HotKeyMetrics.PARTITION)) && partitions.isEmpty()) {
                live.remove(table);
            }
        }
    }

    private record TableTags(String keyspace, String table) {}
}
