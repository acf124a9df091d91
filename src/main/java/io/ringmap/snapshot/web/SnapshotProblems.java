package io.ringmap.snapshot.web;

import io.ringmap.problem.ProblemKind;
import io.ringmap.web.ProblemAnswer;
import io.ringmap.web.SampleProblems;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The problems every answer from the served snapshot shares: none before the first snapshot (503). An endpoint that
 * answers from the snapshot declares it once, beside its own problems.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@ProblemAnswer(kind = ProblemKind.NO_SNAPSHOT, detail = SampleProblems.NO_SNAPSHOT)
public @interface SnapshotProblems {}
