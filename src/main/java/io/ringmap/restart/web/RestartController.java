package io.ringmap.restart.web;

import io.ringmap.problem.ProblemKind;
import io.ringmap.restart.service.RestartService;
import io.ringmap.web.ProblemAnswer;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** {@code POST /plan/restart}: a rolling restart in waves that keep every level, and its live guide. */
@RestController
@Tag(name = "plan", description = "What a change would do, before making it, on the real ring")
public class RestartController {

    static final String REFUSED = "no wave order keeps the levels: 12 ranges lose their level when a single node "
            + "stops, e.g. stopping 127.0.0.1: keyspace iot range (9223372036854775807, -4611686018427387904] at ALL "
            + "(ALL needs 3 live replicas, 2 are live); stopping 127.0.0.1: keyspace iot range "
            + "(0, 4611686018427387904] at ALL (ALL needs 3 live replicas, 2 are live); stopping 127.0.0.1: keyspace "
            + "iot range (4611686018427387904, 9223372036854775807] at ALL (ALL needs 3 live replicas, 2 are live)";

    private final RestartService restarts;

    public RestartController(RestartService restarts) {
        this.restarts = restarts;
    }

    @RestartRequestProblems
    @ProblemAnswer(kind = ProblemKind.RESTART_UNSAFE, detail = REFUSED)
    @PostMapping(path = "/plan/restart", consumes = "application/json", produces = "application/json")
    @Operation(
            summary = "Plan a rolling restart in waves that keep every keyspace's consistency level",
            description = "The ordered waves that restart the nodes (default all): each wave stops as many nodes "
                    + "together as every keyspace's every range keeps its level (writes counting pending replicas), "
                    + "whole racks first; for each wave, per keyspace, what /availability answers with its nodes "
                    + "down and the tightest range; and the waves one node at a time would need. LOCAL_* levels are "
                    + "kept in every data centre unless `dc` names one. 409 restart-unsafe names the ranges that "
                    + "block a node from stopping even alone. On the bundled sample at ONE, iot's RF 3 lets the "
                    + "four nodes restart in two waves of two; at QUORUM they go one at a time.")
    public RestartPlanResponse restartPlan(@RequestBody RestartPlanRequest request) {
        return RestartPlanResponse.of(restarts.plan(request.question()));
    }

    @RestartRequestProblems
    @PostMapping(path = "/plan/restart/next", consumes = "application/json", produces = "application/json")
    @Operation(
            summary = "The rolling restart's guide: which nodes may stop now, or why to wait",
            description = "Given the plan's request and the nodes restarted so far: STOP with the next wave's "
                    + "nodes, or WAIT naming why (a restarted node not UP in ringmap's view, its native transport "
                    + "not open, or some live node's own view, read from that node's system_views.gossip_info, not "
                    + "showing it back with its new gossip generation; or no remaining node can stop now without "
                    + "losing a level), or DONE. The answer lists the views it read and their age. A static topology "
                    + "has no views to read: its guide waits once a node is restarted.")
    public RestartNextResponse restartNext(@RequestBody RestartNextRequest request) {
        return RestartNextResponse.of(restarts.next(request.question(), request.restartedSoFar()));
    }
}
