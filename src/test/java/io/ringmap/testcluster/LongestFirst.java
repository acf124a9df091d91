package io.ringmap.testcluster;

import java.util.Comparator;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.ClassOrdererContext;

/**
 * Orders test classes by their {@link TimeBudget}, longest first (classes without one last, in their given order),
 * so that when failsafe runs classes side by side the long ones do not start last and leave one lane running alone.
 * Set as {@code junit.jupiter.testclass.order.default} for the integration tests; nested classes that declare
 * their own {@code @TestClassOrder} keep it.
 */
public final class LongestFirst implements ClassOrderer {

    @Override
    public void orderClasses(ClassOrdererContext context) {
        context.getClassDescriptors()
                .sort(Comparator.comparingInt(descriptor -> -descriptor
                        .findAnnotation(TimeBudget.class)
                        .map(TimeBudget::seconds)
                        .orElse(0)));
    }
}
