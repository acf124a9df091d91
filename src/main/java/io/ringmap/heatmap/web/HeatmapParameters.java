package io.ringmap.heatmap.web;

import io.ringmap.heatmap.service.HeatmapQuery;
import io.ringmap.peers.web.Scope;
import io.ringmap.problem.InvalidParameterException;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Duration;
import org.springframework.boot.convert.DurationStyle;

/**
 * {@code GET /heatmap}'s parameters besides the table; their bounds are the settings'
 * ({@link io.ringmap.heatmap.HeatmapSettings#buckets(Integer)}, {@link io.ringmap.heatmap.HeatmapSettings#window}).
 *
 * @param buckets buckets at most, null for all
 * @param window how far back as 10m, 1h or PT10M, null for the retention
 */
record HeatmapParameters(
        @Parameter(
                description = "Buckets at most, 1..ringmap.heatmap.buckets (default: all); neighbours are "
                        + "added together",
                example = "64")
        Integer buckets,

        @Parameter(
                description = "How far back, as 10m, 1h or ISO-8601 PT10M; from one slice to the retention "
                        + "(default: the retention)",
                example = "30m")
        String window,

        @Parameter(
                description = "deployment (default): every instance's counts summed (ringmap.peers.*); "
                        + "local: this instance's only",
                schema = @Schema(allowableValues = {"deployment", "local"}))
        Scope scope,

        @Parameter(
                description = "What the cells count: client (default) hits, or the servers' sampled reads or "
                        + "writes (JMX partition sampling)",
                schema = @Schema(allowableValues = {"client", "reads", "writes"}))
        HeatmapQuery.Source source) {

    HeatmapParameters {
        source = source == null ? HeatmapQuery.Source.CLIENT : source;
    }

    /**
     * The window asked for, null when none is.
     *
     * @throws InvalidParameterException when it is not a duration
     */
    Duration windowAsked() {
        if (window == null) {
            return null;
        }
        try {
            return DurationStyle.detectAndParse(window);
        } catch (IllegalArgumentException e) {
            throw new InvalidParameterException("window", "window must be a duration such as 10m, 1h or PT10M");
        }
    }
}
