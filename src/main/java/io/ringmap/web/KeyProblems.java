package io.ringmap.web;

import io.ringmap.problem.ProblemKind;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The problems of an operation that parses a partition key of a table named by keyspace and table: a value that does
 * not parse, a missing or unknown column, an unknown keyspace or table.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@ProblemAnswer(kind = ProblemKind.INVALID_KEY_VALUE, detail = SampleProblems.INVALID_KEY_VALUE)
@ProblemAnswer(kind = ProblemKind.KEY_COMPONENTS, detail = SampleProblems.KEY_COMPONENTS)
@ProblemAnswer(kind = ProblemKind.UNKNOWN_KEYSPACE, detail = SampleProblems.UNKNOWN_KEYSPACE)
@ProblemAnswer(kind = ProblemKind.UNKNOWN_TABLE, detail = SampleProblems.UNKNOWN_TABLE)
public @interface KeyProblems {}
