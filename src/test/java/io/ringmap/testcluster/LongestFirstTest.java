package io.ringmap.testcluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The order Failsafe's lanes take the integration test classes in. */
class LongestFirstTest {

    @TimeBudget(seconds = 1000)
    static class BrowserOnly {}

    static class NoBudgetNoCluster {}

    @CassandraClusterTest(StandardCluster.TWO_DC)
    @TimeBudget(seconds = 520)
    static class LongOnTwoDc {}

    @CassandraClusterTest(StandardCluster.TWO_DC)
    @TimeBudget(seconds = 10)
    static class ShortOnTwoDc {}

    @CassandraClusterTest(StandardCluster.RANDOM_SINGLE)
    @TimeBudget(seconds = 500)
    static class OnASingleTheTwoDcUserAlsoUses {
        @CassandraClusterTest(StandardCluster.TWO_DC)
        class Nested {}
    }

    @CassandraClusterTest(StandardCluster.VNODES)
    @TimeBudget(seconds = 600)
    static class OnVnodes {}

    @CassandraClusterTest(StandardCluster.MURMUR3_SINGLE)
    @TimeBudget(seconds = 400)
    static class OnItsOwn {}

    @Test
    void clusterClassesFirstWithTheUsersOfASharedClusterTogetherAndClasslessOnesLast() {
        List<Class<?>> ordered = LongestFirst.order(List.of(
                NoBudgetNoCluster.class,
                ShortOnTwoDc.class,
                BrowserOnly.class,
                OnItsOwn.class,
                LongOnTwoDc.class,
                OnVnodes.class,
                OnASingleTheTwoDcUserAlsoUses.class));

        assertThat(ordered)
                .containsExactly(
                        // 600
                        OnVnodes.class,
                        // the TWO_DC group (its longest: 520), a nested class's cluster included, longest first
                        LongOnTwoDc.class,
                        OnASingleTheTwoDcUserAlsoUses.class,
                        ShortOnTwoDc.class,
                        OnItsOwn.class,
                        // no cluster: last, for the lane that runs the list backwards
                        BrowserOnly.class,
                        NoBudgetNoCluster.class);
    }
}
