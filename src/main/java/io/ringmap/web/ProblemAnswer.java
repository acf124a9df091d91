package io.ringmap.web;

import io.ringmap.problem.ProblemKind;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A problem an operation answers, declared on its controller method with the detail the API document shows as the
 * example: the detail the operation gives for a request that provokes the kind (OperationAnswersTest sends such a
 * request and compares status, type, instance and detail). The document lists exactly the declared kinds, by status
 * (also those of a composed annotation such as {@link JsonBodyProblems} on the method);
 * problems any request can get before it reaches an operation are listed once, in
 * {@link OpenApiConfiguration#ANY_REQUEST}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Repeatable(ProblemAnswer.List.class)
public @interface ProblemAnswer {

    /** The kind answered. */
    ProblemKind kind();

    /** The detail of the example, as the operation writes it. */
    String detail();

    /** The problems of one operation. */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
    @interface List {
        ProblemAnswer[] value();
    }
}
