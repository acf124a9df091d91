package io.ringmap.schema;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TablePartitionersTest {

    @Test
    void namesTheTablesWhoseTokensAreNoRingPositionsOnEveryLine() {
        // 4.x to 6.0: batches are partitioned by their time UUID; 6.0's local metadata log by its reversed epoch
        assertThat(TablePartitioners.ownPartitioner("system", "batches"))
                .contains("org.apache.cassandra.dht.LocalPartitioner(org.apache.cassandra.db.marshal.TimeUUIDType)");
        assertThat(TablePartitioners.ownPartitioner("system", "local_metadata_log"))
                .contains("org.apache.cassandra.dht.ReversedLongLocalPartitioner");
        assertThat(TablePartitioners.ownPartitioner("system", "local")).isEmpty();
        assertThat(TablePartitioners.ownPartitioner("iot", "batches")).isEmpty();
    }
}
