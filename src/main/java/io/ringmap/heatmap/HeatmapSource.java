package io.ringmap.heatmap;

import io.ringmap.peers.Contributors;
import java.util.Objects;

/**
 * Where the heatmap of a whole deployment comes from: this instance's counts summed with its peers' (implemented
 * outside the core, by the peers package). Without one, an instance answers for itself.
 */
public interface HeatmapSource {

    /**
     * The table's counts summed over the deployment: {@code local} (this instance's, perhaps without a slice) plus
     * those of every peer that counted on the same token buckets and slice length; a peer that did not is named
     * missing with the reason, never summed. With {@code keys}, the slices' keys are summed too (peers send them
     * only when clear keys are shown); without, the sum has none.
     */
    Gathered heatmap(TableHeatmap local, boolean keys);

    /**
     * A heatmap gathered from several instances.
     *
     * @param heatmap      the summed counts, on the layout of the local ones
     * @param contributors which instances' counts are in it, and which are not and why
     */
    record Gathered(TableHeatmap heatmap, Contributors contributors) {

        public Gathered {
            Objects.requireNonNull(heatmap, "heatmap must not be null");
            Objects.requireNonNull(contributors, "contributors must not be null");
        }
    }
}
