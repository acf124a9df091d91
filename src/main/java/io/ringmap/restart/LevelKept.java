package io.ringmap.restart;

import io.ringmap.consistency.ConsistencyLevel;
import io.ringmap.ring.KeyspacePlacement;
import java.util.List;
import java.util.Objects;

/**
 * One consistency level a restart must keep for some keyspaces, counted as a coordinator in one data centre counts
 * it (the LOCAL_* levels are kept once per data centre whose clients use them).
 *
 * @param coordinatorDc the coordinator's data centre: where the LOCAL_* levels count; null for the other levels when
 *                      none is configured
 */
public record LevelKept(ConsistencyLevel level, String coordinatorDc, List<KeyspacePlacement.Placed> keyspaces) {

    public LevelKept {
        Objects.requireNonNull(level, "level");
        keyspaces = List.copyOf(keyspaces);
        if (level.needsLocalDatacenter() && coordinatorDc == null) {
            throw new IllegalArgumentException(level + " is counted in a coordinator's data centre: name one");
        }
    }
}
