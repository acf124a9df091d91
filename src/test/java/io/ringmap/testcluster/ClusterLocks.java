package io.ringmap.testcluster;

import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.parallel.ResourceLocksProvider;

/**
 * Lets JUnit run test classes concurrently as long as their Cassandra clusters do not share an address: each class
 * (with its nested classes) holds a lock on every loopback address its clusters use, read by {@link ClusterUse}.
 * Declare it on a top-level class with {@code @ResourceLock(providers = ClusterLocks.class)}; classes on the same
 * shared cluster take turns, as they did when classes ran one after another.
 */
public final class ClusterLocks implements ResourceLocksProvider {

    static final String PREFIX = "ringmap.cassandra.address:";

    @Override
    public Set<Lock> provideForClass(Class<?> testClass) {
        return ClusterUse.addresses(ClusterUse.withNested(testClass)).stream()
                .map(address -> new Lock(PREFIX + address))
                .collect(Collectors.toSet());
    }
}
