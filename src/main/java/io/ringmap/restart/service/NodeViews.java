package io.ringmap.restart.service;

import io.ringmap.restart.NodeView;
import io.ringmap.ring.Node;
import java.util.List;

/** Reads nodes' own views of the ring, each from the node itself. */
public interface NodeViews {

    /** Each node's view, read now, in the order given; a node that cannot be read gets a view naming why. */
    List<NodeView> read(List<Node> nodes);

    /** Where no node can be asked (a static topology): every view is unreadable, naming {@code why}. */
    static NodeViews none(String why, java.time.Clock clock) {
        return nodes -> nodes.stream()
                .map(n -> NodeView.unreadable(n.address(), clock.instant(), "none", why))
                .toList();
    }
}
