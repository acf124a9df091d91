package io.ringmap.restart.web;

import io.ringmap.problem.ProblemKind;
import io.ringmap.web.JsonBodyProblems;
import io.ringmap.web.ProblemAnswer;
import io.ringmap.web.SampleProblems;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The problems of a restart request, which the plan and its guide both read: its body, levels, nodes and bounds. */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@ProblemAnswer(
        kind = ProblemKind.INVALID_PARAMETER,
        detail = "give the level to keep: consistency (every keyspace) or keyspaces (a level per keyspace)")
@ProblemAnswer(kind = ProblemKind.UNKNOWN_CONSISTENCY_LEVEL, detail = SampleProblems.UNKNOWN_CONSISTENCY_LEVEL)
@ProblemAnswer(
        kind = ProblemKind.LOCAL_DATACENTER_REQUIRED,
        detail = "data centre 'dc9' has no nodes in the ring; known: [dc1, dc2]")
@ProblemAnswer(
        kind = ProblemKind.UNKNOWN_NODE,
        detail = "nodes [127.0.0.9] are not in the ring (give addresses or "
                + "host ids); known: [127.0.0.1, 127.0.0.2, 127.0.0.3, 127.0.0.4]")
@ProblemAnswer(kind = ProblemKind.UNKNOWN_KEYSPACE, detail = SampleProblems.UNKNOWN_KEYSPACE)
@ProblemAnswer(
        kind = ProblemKind.PLAN_TOO_LARGE,
        detail = "1,001 nodes, more than the 1,000 a restart plan names (ringmap.plan.restart.max-nodes)")
@ProblemAnswer(kind = ProblemKind.UNPLACEABLE_KEYSPACE, detail = SampleProblems.UNPLACEABLE_KEYSPACE)
@ProblemAnswer(kind = ProblemKind.NO_SNAPSHOT, detail = SampleProblems.NO_SNAPSHOT)
@JsonBodyProblems
public @interface RestartRequestProblems {}
