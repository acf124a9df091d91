package io.ringmap.sizes;

import io.ringmap.peers.Contributors;
import io.ringmap.token.Partitioner;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * How the nodes of a round are shared between the instances of a deployment: at the start of each round an instance
 * learns which nodes it collects itself and the reports the other instances collected of theirs. Alone, an instance
 * collects every node.
 */
public interface SizesShare {

    /** An instance without peers: every node is its own. */
    SizesShare ALONE = (nodes, partitioner) -> new Split(Set.copyOf(nodes), List.of(), Contributors.LOCAL);

    /**
     * Decides, at the start of a round, which of {@code nodes} this instance collects, and brings the other
     * instances' reports of their last rounds (their tokens read with {@code partitioner}).
     */
    Split split(List<String> nodes, Partitioner partitioner);

    /**
     * One round's share.
     *
     * @param mine       the nodes this instance collects
     * @param others     the reports of the other instances' last rounds, each naming its collector
     * @param collectors the peers whose reports came, and those that did not answer
     */
    record Split(Set<String> mine, List<NodeReport> others, Contributors collectors) {

        public Split {
            mine = Set.copyOf(mine);
            others = List.copyOf(others);
            Objects.requireNonNull(collectors, "collectors");
        }

        /**
         * The round's view, one report per node in {@code nodes}' order: this instance's own report of a node it
         * collected this round; else the newest report of it among those the other instances sent and this
         * instance's own of its previous round ({@code ownBefore}: a node it read then and that is another's now,
         * e.g. of an instance that just started and has not read it yet), one collected before {@code staleBefore}
         * naming its age among its problems; else the node is missing, as no instance that answered collected it.
         */
        public List<NodeReport> assemble(
                List<String> nodes, List<NodeReport> own, List<NodeReport> ownBefore, Instant staleBefore) {
            Map<String, NodeReport> byNode = new HashMap<>();
            for (NodeReport report : own) {
                byNode.put(report.address(), report);
            }
            Comparator<NodeReport> newest =
                    Comparator.comparing(NodeReport::collectedAt, Comparator.nullsFirst(Comparator.naturalOrder()));
            Map<String, NodeReport> fromOthers = new HashMap<>();
            for (List<NodeReport> reports : List.of(others, ownBefore)) {
                for (NodeReport report : reports) {
                    fromOthers.merge(report.address(), report, (a, b) -> newest.compare(a, b) >= 0 ? a : b);
                }
            }
            List<NodeReport> out = new ArrayList<>(nodes.size());
            for (String node : nodes) {
                NodeReport report = byNode.get(node);
                if (report == null) {
                    report = fromOthers.get(node);
                    if (report != null
                            && report.collectedAt() != null
                            && report.collectedAt().isBefore(staleBefore)) {
                        report = report.from(
                                report.collectedBy(),
                                "stale: collected at " + report.collectedAt()
                                        + " by "
                                        + (report.collectedBy() == null ? "this instance" : report.collectedBy())
                                        + ", more than two rounds ago");
                    }
                }
                if (report == null) {
                    report = NodeReport.missing(
                            node,
                            mine.contains(node)
                                    ? "collected by this instance, no report"
                                    : "not collected: no instance that answered collected it in its last round");
                }
                out.add(report);
            }
            return out;
        }
    }
}
