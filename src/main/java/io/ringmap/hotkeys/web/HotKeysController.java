package io.ringmap.hotkeys.web;

import io.ringmap.hotkeys.HotKeysDisabledException;
import io.ringmap.hotkeys.ServerHotKeys;
import io.ringmap.hotkeys.config.HotKeysProperties;
import io.ringmap.hotkeys.service.HotKeyQuery;
import io.ringmap.hotkeys.service.HotKeyQuery.HotKeysReport;
import io.ringmap.peers.web.PeersView;
import io.ringmap.peers.web.Scope;
import io.ringmap.problem.ProblemKind;
import io.ringmap.snapshot.web.SnapshotProblems;
import io.ringmap.snapshot.web.SnapshotView;
import io.ringmap.web.ProblemAnswer;
import io.ringmap.web.SampleProblems;
import io.swagger.v3.oas.annotations.Operation;
import java.util.List;
import java.util.Locale;
import org.springdoc.core.annotations.ParameterObject;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /hotkeys}: the hottest partition keys per table, with their token and replicas. */
@RestController
@io.swagger.v3.oas.annotations.tags.Tag(name = "hot keys")
public class HotKeysController {

    private final ObjectProvider<HotKeyQuery> query;
    private final HotKeysProperties properties;
    private final ObjectProvider<ServerHotKeys> serverSide;

    public HotKeysController(
            ObjectProvider<HotKeyQuery> query, HotKeysProperties properties, ObjectProvider<ServerHotKeys> serverSide) {
        this.query = query;
        this.properties = properties;
        this.serverSide = serverSide;
    }

    @ProblemAnswer(
            kind = ProblemKind.INVALID_PARAMETER,
            detail = "limit must be between 1 and 20 (ringmap.hotkeys.top-k), was 0")
    @ProblemAnswer(kind = ProblemKind.UNKNOWN_KEYSPACE, detail = SampleProblems.UNKNOWN_KEYSPACE)
    @ProblemAnswer(kind = ProblemKind.UNKNOWN_TABLE, detail = SampleProblems.UNKNOWN_TABLE)
    @ProblemAnswer(kind = ProblemKind.HOTKEYS_DISABLED, detail = SampleProblems.HOTKEYS_DISABLED)
    @SnapshotProblems
    @GetMapping(path = "/hotkeys", produces = "application/json")
    @Operation(
            summary = "Hottest partition keys per table",
            description = "Per table, the heaviest keys of the last one to two windows as the frequent-items sketch "
                    + "estimates them (the true count is between lowerBound and upperBound), their share of the "
                    + "table's traffic, and each key's token and replicas in the current snapshot. Without keyspace: "
                    + "every table with hits; with keyspace and table: that table, also when it has no hits (empty "
                    + "keys). With export-key hash, keys follow the export: label is the hash, key, token and "
                    + "replicas are absent, unless ringmap.hotkeys.show-clear-keys allows clear keys.")
    public HotKeysResponse hotKeys(@ParameterObject HotKeysParameters parameters) {
        HotKeyQuery hotKeys = query.getIfAvailable();
        if (hotKeys == null) {
            throw new HotKeysDisabledException();
        }
        int keys = properties.keysPerTable(parameters.limit());
        HotKeysReport report =
                hotKeys.hotKeys(parameters.keyspace(), parameters.table(), keys, Scope.local(parameters.scope()));
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
