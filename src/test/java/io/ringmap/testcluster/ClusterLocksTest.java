package io.ringmap.testcluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.ResourceLocksProvider.Lock;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Which clusters a test class declares and which addresses it locks, so that integration test classes run side by
 * side only when their clusters share no address.
 */
class ClusterLocksTest {

    @CassandraClusterTest(StandardCluster.TWO_DC)
    static class OnTwoDc {
        static final CassandraClusterExtension OWN =
                CassandraClusterExtension.perClass(StandardCluster.BYTE_ORDERED_SINGLE.spec());

        @CassandraClusterTest(StandardCluster.RANDOM_SINGLE)
        class OnItsOwnLayout {}

        class OnTheEnclosingLayout {}
    }

    static class OnDistinctRpcAddresses {
        static final CassandraClusterExtension NODES =
                CassandraClusterExtension.perClass(StandardCluster.DISTINCT_RPC_ADDRESSES.spec());
    }

    @Test
    void aClassUsesItsInnermostAnnotatedLayoutAndTheClustersOfItsAndItsEnclosingClassesFields() {
        assertThat(names(ClusterUse.of(OnTwoDc.class))).containsExactlyInAnyOrder("two-dc", "byte-ordered-single");
        assertThat(names(ClusterUse.of(OnTwoDc.OnItsOwnLayout.class)))
                .containsExactlyInAnyOrder("random-single", "byte-ordered-single");
        assertThat(names(ClusterUse.of(OnTwoDc.OnTheEnclosingLayout.class)))
                .containsExactlyInAnyOrder("two-dc", "byte-ordered-single");
    }

    @Test
    void aClassLocksEveryAddressOfItsOwnAndItsNestedClassesClusters() {
        Set<String> twoDc =
                IntStream.rangeClosed(1, 6).mapToObj(n -> "127.0.0." + n).collect(Collectors.toSet());

        assertThat(keys(new ClusterLocks().provideForClass(OnTwoDc.class)))
                .containsAll(twoDc)
                .contains("127.0.0.20", "127.0.0.21")
                .hasSize(8);
    }

    @Test
    void aNodeWithItsOwnClientAddressLocksBothAddresses() {
        assertThat(keys(new ClusterLocks().provideForClass(OnDistinctRpcAddresses.class)))
                .containsExactlyInAnyOrder("127.0.0.41", "127.0.0.42", "127.0.0.141", "127.0.0.142");
    }

    @Test
    void everyIntegrationTestOnACassandraClusterLocksItsAddresses() {
        List<Class<?>> onClusters = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS).importPackages("io.ringmap").stream()
                        .filter(type -> type.getSimpleName().endsWith("IT")
                                && type.getEnclosingClass().isEmpty())
                        .map(JavaClass::reflect)
                        .filter(type -> !ClusterUse.withNested(type).isEmpty())
                        .collect(Collectors.toList());

        assertThat(onClusters)
                .extracting(Class::getSimpleName)
                .contains("CassandraClusterSharingIT", "ReplicaConformanceIT", "LiveStartupIT", "FaultsUnderLoadIT");
        assertThat(onClusters)
                .allSatisfy(type -> assertThat(
                                AnnotationSupport.findRepeatableAnnotations(type, ResourceLock.class).stream()
                                        .flatMap(lock -> List.of(lock.providers()).stream()))
                        .as("@ResourceLock(providers = ClusterLocks.class) on %s", type.getSimpleName())
                        .contains(ClusterLocks.class));
    }

    private static List<String> names(Set<ClusterSpec> specs) {
        return specs.stream().map(ClusterSpec::name).toList();
    }

    private static Set<String> keys(Set<Lock> locks) {
        return locks.stream()
                .map(lock -> lock.getKey().substring(ClusterLocks.PREFIX.length()))
                .collect(Collectors.toSet());
    }
}
