package io.ringmap.hotkeys.web;

import io.ringmap.hotkeys.ServerHotKeys;
import io.ringmap.hotkeys.service.HotKeyQuery.TableReport;
import io.ringmap.snapshot.ServedSnapshot;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;

/** The hot keys of one table. */
@Schema(description = "The hottest keys of one table")
public record TableView(
        @Schema(example = "iot") String keyspace,
        @Schema(example = "readings") String table,

        @Schema(description = "Hits of the table in the sketch's window (last one to two windows)", example = "3900")
        long hits,

        @Schema(description = "The largest amount by which any estimate of this table can be off", example = "12")
        long maximumError,

        @Schema(description = "Heaviest first; empty for a table with no hits")
        List<HotKeyView> keys,

        @Schema(
                description = "The table's hot partitions as the servers sampled them (source server-sampling, "
                        + "ringmap.sizes.jmx.sampling), merged over nodes; empty without sampling")
        List<ServerHotKeys.ServerHotKey> serverSide) {

    static TableView of(
            ServedSnapshot served, TableReport report, boolean clearKeys, List<ServerHotKeys.ServerHotKey> serverSide) {
        return new TableView(
                report.table().keyspace(),
                report.table().table(),
                report.hits(),
                report.maximumError(),
                report.keys().stream()
                        .map(k -> HotKeyView.of(served, k, clearKeys))
                        .toList(),
                serverSide);
    }
}
