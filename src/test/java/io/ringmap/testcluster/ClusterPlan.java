package io.ringmap.testcluster;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Which test classes of this run still need each cluster, read from the test plan before the first test starts,
 * so that {@link ClusterRegistry} keeps a shared cluster up exactly until its last class is done, whatever order
 * the classes run in. Registered with JUnit as a {@link TestExecutionListener} (META-INF/services).
 */
public final class ClusterPlan implements TestExecutionListener {

    // spec name -> names of the classes in the plan that will acquire it and have not yet released it
    private static final Map<String, Set<String>> PENDING = new HashMap<>();
    private static boolean known;

    @Override
    public void testPlanExecutionStarted(TestPlan testPlan) {
        Map<String, Set<String>> pending = new HashMap<>();
        for (TestIdentifier root : testPlan.getRoots()) {
            for (TestIdentifier identifier : testPlan.getDescendants(root)) {
                Optional<Class<?>> testClass = identifier
                        .getSource()
                        .filter(ClassSource.class::isInstance)
                        .map(source -> ((ClassSource) source).getJavaClass());
                testClass.ifPresent(type -> ClusterUse.of(type)
                        .forEach(spec -> pending.computeIfAbsent(spec.name(), name -> new HashSet<>())
                                .add(type.getName())));
            }
        }
        synchronized (ClusterPlan.class) {
            PENDING.clear();
            PENDING.putAll(pending);
            known = true;
        }
    }

    /** {@code testClass} is done with the cluster of {@code spec}. */
    static synchronized void done(ClusterSpec spec, Class<?> testClass) {
        Set<String> classes = PENDING.get(spec.name());
        if (classes != null) {
            classes.remove(testClass.getName());
        }
    }

    /**
     * Whether a class of this run has yet to use the cluster of {@code spec}; without a plan (a test engine run
     * without this listener) every cluster counts as needed until the run ends.
     */
    static synchronized boolean stillNeeded(ClusterSpec spec) {
        return !known || !PENDING.getOrDefault(spec.name(), Set.of()).isEmpty();
    }
}
