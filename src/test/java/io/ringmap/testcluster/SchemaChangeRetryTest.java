package io.ringmap.testcluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import org.junit.jupiter.api.Test;

/** Which errors of a repeated schema change mean that its first, timed-out attempt was applied. */
class SchemaChangeRetryTest {

    @Test
    void aRepeatedDropOrAddMeetsTheFirstAttemptsResult() {
        assertThat(CassandraCluster.appliedBefore(
                        new InvalidQueryException(null, "Table 'faults_ddl.a' doesn't exist")))
                .isTrue();
        assertThat(CassandraCluster.appliedBefore(new InvalidQueryException(
                        null, "Invalid column name w because it conflicts with an existing column")))
                .isTrue();
    }

    @Test
    void anyOtherInvalidQueryIsAFailure() {
        assertThat(CassandraCluster.appliedBefore(
                        new InvalidQueryException(null, "line 1:7 no viable alternative at input 'TABEL'")))
                .isFalse();
    }
}
