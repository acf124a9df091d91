package io.ringmap.availability.web;

import io.ringmap.availability.service.AvailabilityService;
import io.ringmap.problem.ProblemKind;
import io.ringmap.snapshot.web.SnapshotProblems;
import io.ringmap.web.ProblemAnswer;
import io.ringmap.web.SampleProblems;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springdoc.core.annotations.ParameterObject;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code /availability}: which token ranges cannot be served at a consistency level, and which nodes can stop. */
@RestController
@Tag(name = "availability", description = "Consistency levels through outages, counted as Cassandra counts them")
public class AvailabilityController {

    private final AvailabilityService availability;

    public AvailabilityController(AvailabilityService availability) {
        this.availability = availability;
    }

    @ProblemAnswer(kind = ProblemKind.INVALID_PARAMETER, detail = SampleProblems.MISSING_CONSISTENCY)
    @ProblemAnswer(kind = ProblemKind.UNKNOWN_CONSISTENCY_LEVEL, detail = SampleProblems.UNKNOWN_CONSISTENCY_LEVEL)
    @ProblemAnswer(kind = ProblemKind.LOCAL_DATACENTER_REQUIRED, detail = SampleProblems.LOCAL_DATACENTER_REQUIRED)
    @ProblemAnswer(
            kind = ProblemKind.UNKNOWN_NODE,
            detail = "nodes [127.0.0.9] are neither in the ring nor joining it (give addresses or host ids); "
                    + "known: [127.0.0.1, 127.0.0.2, 127.0.0.3, 127.0.0.4]")
    @ProblemAnswer(kind = ProblemKind.UNKNOWN_KEYSPACE, detail = SampleProblems.UNKNOWN_KEYSPACE)
    @ProblemAnswer(kind = ProblemKind.UNPLACEABLE_KEYSPACE, detail = SampleProblems.UNPLACEABLE_KEYSPACE)
    @SnapshotProblems
    @GetMapping(path = "/availability", produces = "application/json")
    @Operation(
            summary = "Token ranges that cannot be served at a consistency level, now or with more nodes down",
            description = "For each keyspace (or the one named), the ranges whose reads or writes would fail with "
                    + "UnavailableException at the level, with their share of the ring; and which live nodes can "
                    + "be stopped without any keyspace losing the level. On the bundled sample, "
                    + "consistency=QUORUM&keyspace=iot&down=127.0.0.3,127.0.0.4 loses half of the ring: the two "
                    + "ranges whose three replicas include both N3 and N4.")
    public AvailabilityResponse availability(@ParameterObject AvailabilityParameters p) {
        return AvailabilityResponse.of(
                availability.availability(p.consistency(), p.keyspace(), p.downNodes(), p.dc(), p.limit()));
    }

    @ProblemAnswer(kind = ProblemKind.INVALID_PARAMETER, detail = SampleProblems.MISSING_CONSISTENCY)
    @ProblemAnswer(kind = ProblemKind.UNKNOWN_CONSISTENCY_LEVEL, detail = SampleProblems.UNKNOWN_CONSISTENCY_LEVEL)
    @ProblemAnswer(kind = ProblemKind.LOCAL_DATACENTER_REQUIRED, detail = SampleProblems.LOCAL_DATACENTER_REQUIRED)
    @ProblemAnswer(
            kind = ProblemKind.UNKNOWN_NODE,
            detail = "node '127.0.0.9' is not in the ring (give an address or host id)")
    @ProblemAnswer(kind = ProblemKind.UNKNOWN_KEYSPACE, detail = SampleProblems.UNKNOWN_KEYSPACE)
    @ProblemAnswer(
            kind = ProblemKind.UNSAFE_TO_STOP,
            detail = "stopping 127.0.0.1 would lose ALL: keyspace iot would lose ALL for 3 ranges (reads) and 3 "
                    + "ranges (writes), 75.00% of the ring, e.g. ALL needs 3 live replicas, 2 are live; keyspace "
                    + "iot_multi_dc would lose ALL for 4 ranges (reads) and 4 ranges (writes), 100.00% of the "
                    + "ring, e.g. ALL needs 4 live replicas, 3 are live")
    @ProblemAnswer(kind = ProblemKind.UNPLACEABLE_KEYSPACE, detail = SampleProblems.UNPLACEABLE_KEYSPACE)
    @SnapshotProblems
    @GetMapping(path = "/availability/safe-to-stop", produces = "application/json")
    @Operation(
            summary = "Can this node be stopped now without any keyspace losing the consistency level?",
            description = "200 when it can; 409 (problem+json, type " + ProblemKind.TYPE_PREFIX
                    + "unsafe-to-stop) with the keyspaces and ranges that would lose the level when it cannot, so a "
                    + "rolling-restart script can gate on the status code.")
    public SafeToStopResponse safeToStop(@ParameterObject SafeToStopParameters p) {
        return SafeToStopResponse.of(
                availability.safeToStop(p.node(), p.consistency(), p.keyspace(), p.downNodes(), p.dc()));
    }
}
