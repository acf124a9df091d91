package io.ringmap.restart.web;

import io.ringmap.restart.service.RestartQuestion;
import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import java.util.Map;

/** The body of {@code POST /plan/restart/next}: the plan's request and the nodes restarted so far. */
public record RestartNextRequest(
        @Schema(
                description = "Nodes to restart, by address or host id (default: every ring member)",
                example = "[\"127.0.0.1\", \"127.0.0.2\", \"127.0.0.3\", \"127.0.0.4\"]")
        List<String> nodes,

        @Schema(
                description = "The level every keyspace keeps (unless `keyspaces` names another)",
                example = "QUORUM",
                nullable = true)
        String consistency,

        @Schema(
                description = "Per keyspace, the level it keeps",
                example = "{\"iot_multi_dc\": \"ONE\"}",
                nullable = true)
        Map<String, String> keyspaces,

        @Schema(
                description = "The clients' data centre, where LOCAL_* levels count (default: every data centre)",
                example = "dc1",
                nullable = true)
        String dc,

        @Schema(description = "The most nodes stopped at once", nullable = true, minimum = "1")
        Integer parallelism,

        @Schema(
                description = "The nodes restarted so far (stopped and started again), by address or host id",
                example = "[]")
        List<String> restarted) {

    RestartQuestion question() {
        return new RestartQuestion(nodes, consistency, keyspaces, dc, parallelism);
    }

    List<String> restartedSoFar() {
        return restarted == null ? List.of() : restarted;
    }
}
