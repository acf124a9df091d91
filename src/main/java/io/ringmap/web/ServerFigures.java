package io.ringmap.web;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an operation that answers from the figures the nodes report (the sizes rounds): the API document lists its
 * 409 {@code sizes-not-collected} (no live cluster, or collection switched off) and 503 {@code sizes-unavailable}
 * (before the first round) with their examples.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface ServerFigures {
}
