package io.ringmap.testcluster;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * How long an integration test class takes in a whole {@code ./mvnw verify} on the 2-core build machine, cluster
 * start-up included: {@link LongestFirst} starts the longest classes first, so the classes that run side by side end
 * close together. docs/testing.md lists every class's budget; update both when a class's time changes for good.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface TimeBudget {

    /** Seconds, as last measured in a whole run. */
    int seconds();
}
