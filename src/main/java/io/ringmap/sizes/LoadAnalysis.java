package io.ringmap.sizes;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Load against ownership per node, and the cluster-level symptom of the hot-partitions reference: load uneven in
 * {@code nodetool status} while ownership is even.
 */
public final class LoadAnalysis {

    /** The symptom's stable name. */
    public static final String UNEVEN_LOAD_EVEN_OWNERSHIP = "uneven-load-even-ownership";

    private LoadAnalysis() {}

    /**
     * One node's side.
     *
     * @param ownership          primary ownership, 0..1
     * @param effectiveOwnership share of the keyspace's data it should hold (sums to RF)
     * @param loadBytes          data on disk, null when the node's figures are missing
     * @param clientHits         client-side replica hits counted for it
     */
    public record NodeLoad(
            String address, double ownership, double effectiveOwnership, Long loadBytes, long clientHits) {

        public NodeLoad {
            Objects.requireNonNull(address, "address");
        }
    }

    /**
     * The verdict.
     *
     * @param ownershipSpread largest over smallest effective ownership
     * @param loadSpread      largest over smallest load (infinite when a node holds nothing and another does); null
     *                        with fewer than two nodes' loads known
     * @param symptom         {@link #UNEVEN_LOAD_EVEN_OWNERSHIP} when it appears, else null
     * @param explanation     what the symptom means, or why none was named
     */
    public record Verdict(double ownershipSpread, Double loadSpread, String symptom, String explanation) {}

    /**
     * @param ownershipTolerance ownership counts as even when largest / smallest is at most {@code 1 + tolerance}
     * @param loadRatio          load counts as uneven when largest / smallest reaches this
     */
    public static Verdict analyse(List<NodeLoad> nodes, double ownershipTolerance, double loadRatio) {
        double minOwn = Double.MAX_VALUE;
        double maxOwn = 0;
        for (NodeLoad n : nodes) {
            minOwn = Math.min(minOwn, n.effectiveOwnership());
            maxOwn = Math.max(maxOwn, n.effectiveOwnership());
        }
        double ownSpread = nodes.isEmpty() || minOwn <= 0 ? Double.POSITIVE_INFINITY : maxOwn / minOwn;
        List<Long> loads = new ArrayList<>();
        nodes.forEach(n -> {
            if (n.loadBytes() != null) {
                loads.add(n.loadBytes());
            }
        });
        if (loads.size() < 2) {
            return new Verdict(ownSpread, null, null, "fewer than two nodes reported their load");
        }
        long minLoad = loads.stream().mapToLong(Long::longValue).min().orElseThrow();
        long maxLoad = loads.stream().mapToLong(Long::longValue).max().orElseThrow();
        double loadSpread = maxLoad == 0 ? 1.0 : minLoad == 0 ? Double.POSITIVE_INFINITY : (double) maxLoad / minLoad;
        boolean evenOwnership = ownSpread <= 1 + ownershipTolerance;
        boolean unevenLoad = loadSpread >= loadRatio;
        if (evenOwnership && unevenLoad) {
            return new Verdict(
                    ownSpread,
                    loadSpread,
                    UNEVEN_LOAD_EVEN_OWNERSHIP,
                    String.format(
                            java.util.Locale.ROOT,
                            "load differs %.1f-fold between nodes while ownership is even (within %.0f%%): the cluster-level "
                                    + "symptom of partitions that are too large or too busy; see /sizes for the largest "
                                    + "partitions and /hotkeys for the busiest",
                            loadSpread,
                            ownershipTolerance * 100));
        }
        if (!evenOwnership) {
            return new Verdict(
                    ownSpread,
                    loadSpread,
                    null,
                    String.format(
                            java.util.Locale.ROOT,
                            "ownership itself is uneven (%.2f-fold): uneven load is expected from the token layout",
                            ownSpread));
        }
        return new Verdict(ownSpread, loadSpread, null, "load is as even as ownership");
    }
}
