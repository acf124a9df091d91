package io.ringmap.testcluster;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The clusters a test class declares, read from the class itself rather than from the order classes run in: the
 * innermost {@link CassandraClusterTest} on the class or an enclosing class, and the static
 * {@link CassandraClusterExtension} and {@link CassandraCluster} fields of the class and its enclosing classes (JUnit
 * applies an enclosing class's registered extensions to its nested classes too).
 */
final class ClusterUse {

    private ClusterUse() {}

    /** The specs whose clusters {@code testClass} acquires when it runs (without its nested classes). */
    static Set<ClusterSpec> of(Class<?> testClass) {
        Set<ClusterSpec> specs = new LinkedHashSet<>();
        boolean annotated = false;
        for (Class<?> type = testClass; type != null; type = type.getEnclosingClass()) {
            // as CassandraClusterExtension does: the innermost annotation names the class's cluster
            var found = AnnotationSupport.findAnnotation(type, CassandraClusterTest.class);
            if (found.isPresent() && !annotated) {
                specs.add(found.get().value().spec());
                annotated = true;
            }
            specs.addAll(staticFieldSpecs(type));
        }
        return specs;
    }

    /** The specs of {@code testClass} and of every class nested in it, at any depth. */
    static Set<ClusterSpec> withNested(Class<?> testClass) {
        Set<ClusterSpec> specs = new LinkedHashSet<>(of(testClass));
        for (Class<?> nested : testClass.getDeclaredClasses()) {
            specs.addAll(withNested(nested));
        }
        return specs;
    }

    /** The loopback addresses (internode and client) of {@code specs}' nodes. */
    static Set<String> addresses(Set<ClusterSpec> specs) {
        return specs.stream()
                .flatMap(spec -> spec.nodes().stream())
                .flatMap(node -> java.util.stream.Stream.of(node.address(), node.rpcAddress()))
                .collect(Collectors.toCollection(java.util.TreeSet::new));
    }

    private static Set<ClusterSpec> staticFieldSpecs(Class<?> type) {
        Set<ClusterSpec> specs = new LinkedHashSet<>();
        for (Field field : type.getDeclaredFields()) {
            if (!Modifier.isStatic(field.getModifiers())) {
                continue;
            }
            if (CassandraClusterExtension.class.isAssignableFrom(field.getType())) {
                ClusterSpec spec = ((CassandraClusterExtension) read(field)).declaredSpec();
                if (spec != null) {
                    specs.add(spec);
                }
            } else if (CassandraCluster.class.isAssignableFrom(field.getType())) {
                specs.add(((CassandraCluster) read(field)).spec());
            }
        }
        return specs;
    }

    private static Object read(Field field) {
        try {
            field.setAccessible(true);
            return field.get(null);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot read " + field, e);
        }
    }
}
