package io.ringmap.restart.web;

import io.ringmap.restart.NodeView;
import io.ringmap.restart.RestartGuide;
import io.ringmap.restart.service.RestartGuidance;
import io.ringmap.snapshot.web.SnapshotView;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** The guide's answer. */
public record RestartNextResponse(
        @Schema(description = "STOP: the `stop` nodes may stop now; WAIT: `waits` say why; DONE: all restarted")
        RestartGuidance.Action action,

        @Schema(description = "The nodes that may stop now (empty unless STOP)")
        List<String> stop,

        @Schema(description = "The next wave, also while waiting", nullable = true)
        RestartPlanResponse.WaveView next,

        List<String> restarted,
        List<String> remaining,

        @Schema(description = "Waves the remaining nodes need as the ring is now")
        int wavesLeft,

        @Schema(description = "Why to wait") List<RestartGuide.Wait> waits,

        @Schema(description = "The nodes' own views read for this answer")
        List<ViewRead> views,

        SnapshotView snapshot) {

    static RestartNextResponse of(RestartGuidance g) {
        return new RestartNextResponse(
                g.action(),
                g.stop(),
                RestartPlanResponse.WaveView.of(g.next()),
                g.restarted(),
                g.remaining(),
                g.wavesLeft(),
                g.waits(),
                g.views().stream().map(v -> ViewRead.of(v, g.answeredAt())).toList(),
                SnapshotView.of(g.snapshot()));
    }

    /** One node's own view, as read. */
    public record ViewRead(
            String node,
            String source,
            Instant readAt,

            @Schema(description = "Milliseconds between the read and the answer")
            long ageMillis,

            @Schema(description = "Members the view holds") int members,

            @Schema(description = "Why it could not be read", nullable = true)
            String error) {

        static ViewRead of(NodeView v, Instant answeredAt) {
            return new ViewRead(
                    v.node(),
                    v.source(),
                    v.readAt(),
                    Math.max(0, Duration.between(v.readAt(), answeredAt).toMillis()),
                    v.members().size(),
                    v.error());
        }
    }
}
