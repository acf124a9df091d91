package io.ringmap.hotkeys.web;

import io.ringmap.hotkeys.HotKey;
import io.ringmap.hotkeys.HotKeysDisabledException;
import io.ringmap.hotkeys.ServerHotKeys;
import io.ringmap.hotkeys.config.HotKeysProperties;
import io.ringmap.hotkeys.service.HotKeyQuery;
import io.ringmap.hotkeys.service.HotKeyQuery.HotKeysReport;
import io.ringmap.hotkeys.service.HotKeyQuery.RoutedHotKey;
import io.ringmap.hotkeys.service.HotKeyQuery.TableReport;
import io.ringmap.peers.web.PeersView;
import io.ringmap.problem.InvalidParameterException;
import io.ringmap.problem.ProblemKind;
import io.ringmap.routing.KeyRoute;
import io.ringmap.routing.web.ReplicaView;
import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.snapshot.web.SnapshotView;
import io.ringmap.web.ProblemAnswer;
import io.ringmap.web.SampleProblems;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /hotkeys}: the hottest partition keys per table, with their token and replicas. */
@RestController
@io.swagger.v3.oas.annotations.tags.Tag(name = "hot keys")
public class HotKeysController {

    private static final int DEFAULT_LIMIT = 10;

    private final ObjectProvider<HotKeyQuery> query;
    private final HotKeysProperties properties;
    private final ObjectProvider<ServerHotKeys> serverSide;

    public HotKeysController(
            ObjectProvider<HotKeyQuery> query, HotKeysProperties properties, ObjectProvider<ServerHotKeys> serverSide) {
        this.query = query;
        this.properties = properties;
        this.serverSide = serverSide;
    }

    /** One hot key. */
    @Schema(description = "A hot partition key with the sketch's estimate and bounds")
    public record HotKeyView(
            @Schema(
                    description = "The key's label: components' CQL text joined with ':' ('\\' escapes ':' and "
                            + "'\\'), as nodetool getendpoints prints composite keys; with export-key hash (clear keys not "
                            + "shown) the hash",
                    example = "sensor-17:2026-10-01")
            String label,

            @Schema(
                    description = "The partition tag of ringmap_hotkey_hits_total for this key: the label, or its "
                            + "hash with export-key hash",
                    example = "sensor-17:2026-10-01")
            String exportedAs,

            @Schema(
                    description = "The key by column; absent when the label was shortened (over 256 characters)",
                    nullable = true,
                    example = "{\"sensor_id\": \"sensor-17\", \"day\": \"2026-10-01\"}")
            Map<String, String> key,

            @Schema(description = "Estimated hits in the window", example = "1200")
            long estimate,

            @Schema(description = "Hits certainly seen", example = "1190")
            long lowerBound,

            @Schema(description = "Hits at most seen", example = "1200")
            long upperBound,

            @Schema(description = "upperBound - lowerBound: how far the estimate may be off", example = "10")
            long errorBound,

            @Schema(description = "estimate / hits of the table in the window, 0..1", example = "0.31")
            double share,

            @Schema(
                    description = "The key's token (absent when key is)",
                    nullable = true,
                    example = "-5244601577406426113")
            String token,

            @Schema(
                    description = "The key's replicas, primary first (absent when the keyspace cannot be placed, and "
                            + "with export-key hash while clear keys are hidden)",
                    nullable = true)
            List<ReplicaView> replicas,

            @Schema(description = "Where the counts come from: client (lookups and POST /hits)", example = "client")
            String source) {

        static HotKeyView of(ServedSnapshot served, RoutedHotKey k, boolean clearKeys) {
            HotKey hot = k.hotKey();
            KeyRoute r = k.route();
            if (!clearKeys) {
                // export-key hash: the hashed label and the sketch's figures only; nothing computed from the key's
                // bytes: no column values, no token (an unkeyed hash of the key, so a dictionary of candidate keys
                // would find it), no replicas (compared with a guessed key's replicas, they would confirm the guess)
                return new HotKeyView(
                        hot.key(),
                        hot.key(),
                        null,
                        hot.estimate(),
                        hot.lowerBound(),
                        hot.upperBound(),
                        hot.upperBound() - hot.lowerBound(),
                        hot.share(),
                        null,
                        null,
                        "client");
            }
            return new HotKeyView(
                    hot.label(),
                    hot.key(),
                    r == null ? null : r.keyByColumn(),
                    hot.estimate(),
                    hot.lowerBound(),
                    hot.upperBound(),
                    hot.upperBound() - hot.lowerBound(),
                    hot.share(),
                    r == null ? null : r.token().toString(),
                    r == null || r.replicas() == null
                            ? null
                            : ReplicaView.of(served.tokenRing(), r.replicas().replicas(), null),
                    "client");
        }
    }

    /** The hot keys of one table. */
    @Schema(description = "The hottest keys of one table")
    public record TableView(
            @Schema(example = "iot") String keyspace,
            @Schema(example = "readings") String table,

            @Schema(
                    description = "Hits of the table in the sketch's window (last one to two windows)",
                    example = "3900")
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
                ServedSnapshot served,
                TableReport report,
                boolean clearKeys,
                List<ServerHotKeys.ServerHotKey> serverSide) {
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

    /** The answer. */
    @Schema(description = "Hot partition keys per table")
    public record HotKeysResponse(
            @Schema(
                    description = "How keys appear in metrics: plain (the label) or hash (HMAC-SHA256 with the "
                            + "configured salt, 16 hex characters)",
                    allowableValues = {"plain", "hash"})
            String exportKey,

            @Schema(
                    description = "Whether labels, keys and tokens are shown in clear: always with plain; with hash "
                            + "only when ringmap.hotkeys.show-clear-keys is true (otherwise label is the hash and key, "
                            + "token and replicas are absent)")
            boolean clearKeys,

            @Schema(description = "Keys per table with their own series (ringmap.hotkeys.top-k)", example = "20")
            int topK,

            @Schema(description = "Sketch window (ringmap.hotkeys.window), ISO-8601", example = "PT5M")
            String window,

            List<TableView> tables,

            @Schema(
                    description = "Whose counts the answer merges: this instance's alone (scope local) or every "
                            + "instance's (scope deployment: the peers that answered in time, and those that did not)")
            PeersView peers,

            SnapshotView snapshot) {}

    @ProblemAnswer(
            kind = ProblemKind.INVALID_PARAMETER,
            detail = "limit must be between 1 and 20 (ringmap.hotkeys.top-k), was 0")
    @ProblemAnswer(kind = ProblemKind.UNKNOWN_KEYSPACE, detail = SampleProblems.UNKNOWN_KEYSPACE)
    @ProblemAnswer(kind = ProblemKind.UNKNOWN_TABLE, detail = SampleProblems.UNKNOWN_TABLE)
    @ProblemAnswer(kind = ProblemKind.HOTKEYS_DISABLED, detail = SampleProblems.HOTKEYS_DISABLED)
    @ProblemAnswer(kind = ProblemKind.NO_SNAPSHOT, detail = SampleProblems.NO_SNAPSHOT)
    @GetMapping(path = "/hotkeys", produces = "application/json")
    @Operation(
            summary = "Hottest partition keys per table",
            description = "Per table, the heaviest keys of the last one to two windows as the frequent-items sketch "
                    + "estimates them (the true count is between lowerBound and upperBound), their share of the "
                    + "table's traffic, and each key's token and replicas in the current snapshot. Without keyspace: "
                    + "every table with hits; with keyspace and table: that table, also when it has no hits (empty "
                    + "keys). With export-key hash, keys follow the export: label is the hash, key, token and "
                    + "replicas are absent, unless ringmap.hotkeys.show-clear-keys allows clear keys.")
    public HotKeysResponse hotKeys(
            @Parameter(description = "Only this keyspace", example = "iot") @RequestParam(required = false)
                    String keyspace,
            @Parameter(description = "Only this table (needs keyspace)", example = "readings")
                    @RequestParam(required = false)
                    String table,
            @Parameter(
                            description = "Keys per table, 1..ringmap.hotkeys.top-k; default 10 (or top-k if smaller)",
                            example = "10")
                    @RequestParam(required = false)
                    Integer limit,
            @Parameter(
                            description = "deployment (default): every instance's counts merged (ringmap.peers.*); "
                                    + "local: this instance's only",
                            schema = @Schema(allowableValues = {"deployment", "local"}))
                    @RequestParam(required = false)
                    String scope) {
        HotKeyQuery hotKeys = query.getIfAvailable();
        if (hotKeys == null) {
            throw new HotKeysDisabledException();
        }
        if (table != null && keyspace == null) {
            throw new InvalidParameterException("keyspace", "table '" + table + "' needs its keyspace");
        }
        int keys = limit == null ? Math.min(DEFAULT_LIMIT, properties.topK()) : limit;
        if (keys < 1 || keys > properties.topK()) {
            throw new InvalidParameterException(
                    "limit",
                    "limit must be between 1 and " + properties.topK() + " (ringmap.hotkeys.top-k), was " + limit);
        }
        HotKeysReport report = hotKeys.hotKeys(keyspace, table, keys, PeersView.localScope(scope));
        boolean clearKeys = properties.clearKeysShown();
        ServerHotKeys server = serverSide.getIfAvailable();
        // the servers' sampled keys are clear text: shown only where clear keys are
        List<TableView> tables = report.tables().stream()
                .map(t -> TableView.of(
                        report.snapshot(),
                        t,
                        clearKeys,
                        server == null || !clearKeys
                                ? List.of()
                                : server.of(t.table().keyspace(), t.table().table(), keys)))
                .toList();
        return new HotKeysResponse(
                properties.exportKey().name().toLowerCase(Locale.ROOT),
                clearKeys,
                properties.topK(),
                properties.window().toString(),
                tables,
                PeersView.of(report.contributors()),
                SnapshotView.of(report.snapshot()));
    }
}
