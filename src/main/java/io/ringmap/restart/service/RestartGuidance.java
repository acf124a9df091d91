package io.ringmap.restart.service;

import io.ringmap.restart.NodeView;
import io.ringmap.restart.RestartGuide;
import io.ringmap.snapshot.ServedSnapshot;
import java.util.List;

/**
 * The guide's answer: which nodes may stop now, or why to wait.
 *
 * @param action    STOP (the {@code stop} nodes may stop now), WAIT ({@code waits} say why) or DONE
 * @param stop      the nodes that may stop now (the next wave), empty unless STOP
 * @param next      the next wave, also while waiting; null when DONE or no wave keeps the levels now
 * @param restarted the nodes restarted so far, by address
 * @param remaining the nodes still to restart
 * @param wavesLeft the waves the remaining nodes need as the ring is now (0 when DONE or no plan)
 * @param waits     why to wait, empty unless WAIT
 * @param views     the nodes' own views read for this answer
 * @param answeredAt when the answer was made (a view's age is its read's distance to it)
 */
public record RestartGuidance(
        Action action,
        List<String> stop,
        PlannedRestart.PlannedWave next,
        List<String> restarted,
        List<String> remaining,
        int wavesLeft,
        List<RestartGuide.Wait> waits,
        List<NodeView> views,
        java.time.Instant answeredAt,
        ServedSnapshot snapshot) {

    /** What to do now. */
    public enum Action {
        STOP,
        WAIT,
        DONE
    }

    public RestartGuidance {
        stop = List.copyOf(stop);
        restarted = List.copyOf(restarted);
        remaining = List.copyOf(remaining);
        waits = List.copyOf(waits);
        views = List.copyOf(views);
    }
}
