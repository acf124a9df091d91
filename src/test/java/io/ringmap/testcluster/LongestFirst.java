package io.ringmap.testcluster;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.ClassDescriptor;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.ClassOrdererContext;

/**
 * Orders test classes for Failsafe's lanes. JUnit's parallel executor takes the ordered list from both ends: the
 * workers that steal take it from the front, the worker that forked the classes runs them from the back. So:
 *
 * <ul>
 *   <li>classes on Cassandra clusters come first, longest {@link TimeBudget} first, so the long ones do not start
 *       last and leave one lane running alone;
 *   <li>the classes that share a cluster (the six-node {@code TWO_DC} cluster's five users, and the single-node
 *       clusters the token and split suites share) stand together, at the place of their longest member, so they
 *       run one after another while their cluster is up instead of starting it again for a straggler (the smallest
 *       user had run first from the back, and the cluster was stopped for room and started twice more);
 *   <li>classes without a cluster (browsers, packaging, peers on the bundled sample) come last: the backward lane
 *       runs them while the front lanes start clusters, which spreads the browsers' CPU over the run.
 * </ul>
 *
 * Set as {@code junit.jupiter.testclass.order.default} for the integration tests; nested classes that declare
 * their own {@code @TestClassOrder} keep it.
 */
public final class LongestFirst implements ClassOrderer {

    @Override
    public void orderClasses(ClassOrdererContext context) {
        List<? extends ClassDescriptor> descriptors = context.getClassDescriptors();
        List<Class<?>> classes = new ArrayList<>();
        for (ClassDescriptor descriptor : descriptors) {
            classes.add(descriptor.getTestClass());
        }
        List<Class<?>> ordered = order(classes);
        descriptors.sort(Comparator.comparingInt(d -> ordered.indexOf(d.getTestClass())));
    }

    /** The classes in the order described above. */
    static List<Class<?>> order(List<Class<?>> classes) {
        Map<Class<?>, Set<ClusterSpec>> clusters = new HashMap<>();
        for (Class<?> type : classes) {
            clusters.put(type, ClusterUse.withNested(type));
        }
        // a group: the classes linked by a shared cluster, directly or through another class; its key, the longest
        // budget among them
        Map<Class<?>, Integer> group = new HashMap<>();
        Map<Integer, Integer> groupBudget = new HashMap<>();
        int groups = 0;
        for (Class<?> type : classes) {
            if (group.containsKey(type)) {
                continue;
            }
            int id = groups++;
            List<Class<?>> todo = new ArrayList<>(List.of(type));
            while (!todo.isEmpty()) {
                Class<?> member = todo.remove(todo.size() - 1);
                if (group.putIfAbsent(member, id) != null) {
                    continue;
                }
                groupBudget.merge(id, budget(member), Math::max);
                for (Class<?> other : classes) {
                    if (!group.containsKey(other) && !Collections.disjoint(clusters.get(member), clusters.get(other))) {
                        todo.add(other);
                    }
                }
            }
        }
        List<Class<?>> ordered = new ArrayList<>(classes);
        ordered.sort(
                Comparator.<Class<?>>comparingInt(type -> clusters.get(type).isEmpty() ? 1 : 0)
                        .thenComparingInt(type -> -groupBudget.get(group.get(type)))
                        .thenComparingInt(group::get)
                        .thenComparingInt(type -> -budget(type)));
        return ordered;
    }

    private static int budget(Class<?> type) {
        TimeBudget budget = type.getAnnotation(TimeBudget.class);
        return budget == null ? 0 : budget.seconds();
    }
}
