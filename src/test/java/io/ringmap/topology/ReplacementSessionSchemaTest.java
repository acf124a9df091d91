package io.ringmap.topology;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * When ringmap replaces a session whose schema refresh is stuck, a new session whose first schema load failed has no
 * keyspaces; swapped in, it published a ring without keyspaces (FaultsUnderLoadIT's rolling restart: 2,119 requests
 * answered 404 "unknown keyspace" for 1.3 s). Such a session is refused.
 */
class ReplacementSessionSchemaTest {

    @Test
    void aNewSessionWithoutKeyspacesIsRefusedWhileTheStuckOneHasSome() {
        assertThat(StuckSchemaRefresh.schemaLoaded(0, 7)).isFalse();
    }

    @Test
    void aNewSessionWithKeyspacesIsTaken() {
        assertThat(StuckSchemaRefresh.schemaLoaded(7, 7)).isTrue();
        assertThat(StuckSchemaRefresh.schemaLoaded(3, 7)).isTrue(); // keyspaces dropped meanwhile
        assertThat(StuckSchemaRefresh.schemaLoaded(9, 0)).isTrue();
    }

    @Test
    void withAFilterMatchingNoKeyspaceAnEmptySchemaIsNoFailure() {
        assertThat(StuckSchemaRefresh.schemaLoaded(0, 0)).isTrue();
    }
}
