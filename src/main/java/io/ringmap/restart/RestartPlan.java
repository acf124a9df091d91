package io.ringmap.restart;

import java.util.List;

/**
 * The ordered waves of a rolling restart.
 *
 * @param oneAtATime the waves a restart one node at a time needs (one per node restarted)
 */
public record RestartPlan(List<Wave> waves, int oneAtATime) {

    public RestartPlan {
        waves = List.copyOf(waves);
    }
}
