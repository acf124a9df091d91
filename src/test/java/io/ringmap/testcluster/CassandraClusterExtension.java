package io.ringmap.testcluster;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * JUnit extension that gives a test class a running {@link CassandraCluster}, either through
 * {@link CassandraClusterTest} or registered in code:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final CassandraClusterExtension CASSANDRA = CassandraClusterExtension.perClass(mySpec);
 * }</pre>
 *
 * Clusters are kept in the root {@link ExtensionContext.Store}, so they are stopped when the run ends even after a
 * failure; each node JVM also has a shutdown hook as a backstop.
 */
public final class CassandraClusterExtension implements BeforeAllCallback, ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(CassandraClusterExtension.class);

    private final ClusterSpec spec;
    private final boolean shared;
    private volatile CassandraCluster cluster;

    /** Used by {@link CassandraClusterTest}, which names the spec. */
    public CassandraClusterExtension() {
        this(null, true);
    }

    private CassandraClusterExtension(ClusterSpec spec, boolean shared) {
        this.spec = spec;
        this.shared = shared;
    }

    /** A cluster shared with every other class asking for the same spec, stopped after the last of them. */
    public static CassandraClusterExtension shared(ClusterSpec spec) {
        return new CassandraClusterExtension(spec, true);
    }

    /** A cluster for this class alone (and its nested classes), stopped after its last test. */
    public static CassandraClusterExtension perClass(ClusterSpec spec) {
        return new CassandraClusterExtension(spec, false);
    }

    /** The spec given in code, or {@code null} for the one {@link CassandraClusterTest} names. */
    ClusterSpec declaredSpec() {
        return spec;
    }

    /** The running cluster, once the class's {@code beforeAll} has run. */
    public CassandraCluster cluster() {
        if (cluster == null) {
            throw new IllegalStateException("the Cassandra cluster starts before the test class's first test");
        }
        return cluster;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        ClusterSpec wanted = specFor(context);
        boolean share = spec != null ? shared : annotation(context).shared();
        ClusterRegistry registry = context.getRoot()
                .getStore(NAMESPACE)
                .computeIfAbsent(ClusterRegistry.class, key -> new ClusterRegistry(), ClusterRegistry.class);
        cluster = registry.acquire(wanted, share);
        // closed by JUnit when this class's context ends, whatever the outcome of its tests
        context.getStore(NAMESPACE)
                .put(leaseKey(wanted), new Lease(registry, wanted, context.getRequiredTestClass(), cluster));
    }

    /**
     * Only the extension registered by {@link CassandraClusterTest} resolves {@link CassandraCluster} parameters, so
     * a class may add clusters with {@code @RegisterExtension} and reach them through {@link #cluster()}.
     */
    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return spec == null && parameterContext.getParameter().getType() == CassandraCluster.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        // the store looks the key up in the enclosing contexts too (class, then outer classes)
        Lease lease = extensionContext.getStore(NAMESPACE).get(leaseKey(specFor(extensionContext)), Lease.class);
        if (lease == null) {
            throw new ExtensionConfigurationException(
                    "no Cassandra cluster started for " + extensionContext.getDisplayName());
        }
        return lease.cluster();
    }

    private static String leaseKey(ClusterSpec spec) {
        return "lease:" + spec.name();
    }

    private ClusterSpec specFor(ExtensionContext context) {
        return spec != null ? spec : annotation(context).value().spec();
    }

    private static CassandraClusterTest annotation(ExtensionContext context) {
        Class<?> type = context.getRequiredTestClass();
        while (type != null) {
            var found = AnnotationSupport.findAnnotation(type, CassandraClusterTest.class);
            if (found.isPresent()) {
                return found.get();
            }
            type = type.getEnclosingClass();
        }
        throw new ExtensionConfigurationException("CassandraClusterExtension needs @CassandraClusterTest or a spec");
    }

    /** One test class's hold on a cluster. */
    private record Lease(ClusterRegistry registry, ClusterSpec spec, Class<?> testClass, CassandraCluster cluster)
            implements AutoCloseable {

        @Override
        public void close() {
            registry.release(spec, testClass);
        }
    }
}
