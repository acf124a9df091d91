package io.ringmap.consistency;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The per-DC replication factors keep one order on every instance of the service: sorted by data centre. */
class ReplicationFactorsTest {

    @Test
    void dataCentresComeSortedWhateverOrderTheyAreGivenIn() {
        Map<String, Integer> given = new LinkedHashMap<>();
        given.put("us-west", 3);
        given.put("eu-1", 2);
        given.put("ap-south", 0);
        given.put("dc10", 1);

        ReplicationFactors rf = new ReplicationFactors(true, 6, given);

        assertThat(rf.byDatacenter().keySet()).containsExactly("ap-south", "dc10", "eu-1", "us-west");
        assertThat(rf.byDatacenter()).isEqualTo(given);
    }
}
