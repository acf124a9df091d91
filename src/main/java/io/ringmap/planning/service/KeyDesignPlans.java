package io.ringmap.planning.service;

import io.ringmap.planning.KeyDesignPlanner;
import io.ringmap.snapshot.ServedSnapshot;
import java.util.List;
import java.util.Map;

/**
 * Candidate key designs modelled on one keyspace of the served ring.
 *
 * @param keyspace    the keyspace as the ring names it
 * @param replication its replication options
 * @param maxRows     the guideline's rows per partition
 * @param maxBytes    the guideline's bytes per partition
 * @param plans       one plan per design, in the question's order (node indexes are the snapshot ring's)
 * @param snapshot    the served snapshot the designs were placed on
 */
public record KeyDesignPlans(
        String keyspace,
        Map<String, String> replication,
        long maxRows,
        long maxBytes,
        List<KeyDesignPlanner.DesignPlan> plans,
        ServedSnapshot snapshot) {

    public KeyDesignPlans {
        plans = List.copyOf(plans);
    }
}
