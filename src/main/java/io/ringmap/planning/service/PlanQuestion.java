package io.ringmap.planning.service;

import io.ringmap.planning.KeyDesign;
import io.ringmap.planning.Workload;

/**
 * A {@code POST /plan} question as the web edge parsed it. Each part is read (and refused with a
 * {@link io.ringmap.planning.PlanException} naming its field) only when the service needs it, after the keyspace was
 * found on the ring, so a question about an unknown keyspace is answered as that before its body is judged.
 */
public interface PlanQuestion {

    /** The keyspace whose nodes, tokens and replication the plan uses. */
    String keyspace();

    /** How many designs the question compares. */
    int designCount();

    /** The workload. */
    Workload workload();

    /** The guideline's rows per partition (default 100,000). */
    long maxRows();

    /** The guideline's bytes per partition (default 100,000,000). */
    long maxBytes();

    /** The sampling seed. */
    long seed();

    /** Design {@code index} (0-based). */
    KeyDesign design(int index);
}
