package io.ringmap.routing.web;

import io.ringmap.problem.ProblemKind;
import io.ringmap.snapshot.web.SnapshotProblems;
import io.ringmap.web.JsonBodyProblems;
import io.ringmap.web.KeyProblems;
import io.ringmap.web.ProblemAnswer;
import io.ringmap.web.SampleProblems;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The problems of a batch of keys or tokens for replicas ({@code POST /replicas} and {@code POST /replicas/compact}
 * answer the same ones): a bad key or token, neither or both forms, too many items, a keyspace or table ringmap cannot
 * place, no snapshot yet, and those of every JSON body and key.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
@ProblemAnswer(kind = ProblemKind.KEY_TOO_LARGE, detail = SampleProblems.KEY_TOO_LARGE)
@ProblemAnswer(kind = ProblemKind.INVALID_TOKEN, detail = SampleProblems.INVALID_TOKEN)
@ProblemAnswer(kind = ProblemKind.INVALID_PARAMETER, detail = SampleProblems.KEYS_OR_TOKENS)
@ProblemAnswer(kind = ProblemKind.BATCH_TOO_LARGE, detail = SampleProblems.BATCH_TOO_LARGE)
@ProblemAnswer(kind = ProblemKind.UNPLACEABLE_KEYSPACE, detail = SampleProblems.UNPLACEABLE_KEYSPACE)
@ProblemAnswer(kind = ProblemKind.TABLE_PARTITIONER, detail = SampleProblems.TABLE_PARTITIONER)
@SnapshotProblems
@JsonBodyProblems
@KeyProblems
@interface ReplicaBatchProblems {}
