package io.ringmap.consistency;

import java.util.Arrays;
import java.util.Locale;

/**
 * A Cassandra consistency level, as the coordinator counts it (mirrors {@code org.apache.cassandra.db.ConsistencyLevel};
 * {@code NODE_LOCAL} is internal to Cassandra and not offered).
 */
public enum ConsistencyLevel {
    ANY,
    ONE,
    TWO,
    THREE,
    QUORUM,
    ALL,
    LOCAL_QUORUM,
    EACH_QUORUM,
    SERIAL,
    LOCAL_SERIAL,
    LOCAL_ONE;

    /** True for the levels counted in the coordinator's own data centre only. */
    public boolean isDatacenterLocal() {
        return this == LOCAL_ONE || this == LOCAL_QUORUM;
    }

    /** True for the Paxos levels. */
    public boolean isSerial() {
        return this == SERIAL || this == LOCAL_SERIAL;
    }

    /** True when the level needs to know the coordinator's data centre. */
    public boolean needsLocalDatacenter() {
        return isDatacenterLocal() || this == LOCAL_SERIAL;
    }

    /**
     * Reads a level by name, case-insensitively.
     *
     * @throws IllegalArgumentException naming the known levels
     */
    public static ConsistencyLevel parse(String text) {
        String t = text == null ? "" : text.trim().toUpperCase(Locale.ROOT);
        for (ConsistencyLevel cl : values()) {
            if (cl.name().equals(t)) {
                return cl;
            }
        }
        throw new IllegalArgumentException(
                "consistency level '" + text + "' is not one of " + Arrays.toString(values()));
    }
}
