package io.ringmap.ring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A keyspace's replication map is answered in one order on every instance: class first, then sorted options. */
class ReplicationOrderTest {

    @Test
    void classComesFirstThenTheDataCentresSorted() {
        Map<String, String> given = new LinkedHashMap<>();
        given.put("us-west", "3");
        given.put("aws-east", "2");
        given.put("class", "org.apache.cassandra.locator.NetworkTopologyStrategy");
        given.put("dc1", "1");

        KeyspacePlacement.Placed placed = new KeyspacePlacement.Placed("ks", given, i -> null, false, List.of());
        KeyspacePlacement.Failed failed = new KeyspacePlacement.Failed("ks", given, "because");

        assertThat(placed.replication().keySet()).containsExactly("class", "aws-east", "dc1", "us-west");
        assertThat(failed.replication().keySet()).containsExactly("class", "aws-east", "dc1", "us-west");
        assertThat(placed.replication()).isEqualTo(given);
    }
}
