package io.ringmap.web;

import io.ringmap.problem.ProblemKind;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The problems of an operation that reads a JSON body: not JSON, not sent as JSON, over the size limit. */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@ProblemAnswer(kind = ProblemKind.MALFORMED_BODY, detail = SampleProblems.MALFORMED_BODY)
@ProblemAnswer(kind = ProblemKind.BODY_TOO_LARGE, detail = SampleProblems.BODY_TOO_LARGE)
@ProblemAnswer(kind = ProblemKind.UNSUPPORTED_MEDIA_TYPE, detail = SampleProblems.UNSUPPORTED_MEDIA_TYPE)
public @interface JsonBodyProblems {}
