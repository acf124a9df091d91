package io.ringmap.testcluster;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs a test class against a real Cassandra cluster of a {@link StandardCluster} layout; test methods, constructors
 * and {@code @BeforeAll} methods get it as a {@link CassandraCluster} parameter.
 *
 * <p>With {@code shared = true} (the default) the cluster outlives the class and serves every later class that asks
 * for the same layout; it stops when the test run ends. Tests on a shared cluster use their own keyspaces.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(CassandraClusterExtension.class)
public @interface CassandraClusterTest {

    StandardCluster value();

    boolean shared() default true;
}
