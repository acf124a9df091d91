package io.ringmap.topology;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Queue;
import java.util.function.Function;

/**
 * Where ringmap's own small queries go (the connectivity check, {@code system.local}'s tokens, the probes between
 * rebuilds): to the node that answered the last one, while it answers, then to the next nodes the driver's load
 * balancer plans, at most {@value #ATTEMPTS} in all, each pinned to its node. A node that is UP to the driver but
 * does not answer (paused by a long collection, held by a signal, overloaded) costs one timeout and is then passed
 * over: left to the load balancer, one query in N would wait out its timeout on it and a failed connectivity check
 * would call the whole cluster lost. Only when no node of the attempts answers does a query fail. Topology thread
 * only.
 */
public final class NodeQueries {

    /** The nodes asked before a query fails: the cluster is lost only when this many UP nodes do not answer. */
    static final int ATTEMPTS = 3;

    /** The host id of the node that answered last; null before the first answer. */
    private volatile String answering;

    /** The host id of the node that answered the last query; null before the first answer. */
    public String answering() {
        return answering;
    }

    /**
     * Runs {@code statement} on the node that answered last, else the next nodes of the driver's plan.
     *
     * @throws RuntimeException the last node's failure when none of them answers
     */
    public ResultSet execute(CqlSession session, SimpleStatement statement) {
        return first(
                session.getMetadata().getNodes().values(),
                plan(session, statement),
                node -> session.execute(statement.setNode(node)));
    }

    /**
     * The first answer of {@code query}, asked of the node that answered last (when it is UP), then of the UP nodes
     * of {@code preferred} in order, at most {@value #ATTEMPTS} nodes in all: for a query of several statements that
     * pins each to one node (the cluster-metadata read), with its own order of preference.
     *
     * @param known     the nodes the driver knows (where the node that answered last is looked up)
     * @param preferred the nodes to ask after it, in order
     * @throws RuntimeException the last node's failure when none of them answers
     */
    public <T> T first(Collection<Node> known, List<Node> preferred, Function<Node, T> query) {
        return first(order(known, answering, preferred, ATTEMPTS), query);
    }

    /** The driver's plan for the statement (its load balancer: the local DC first, rotated at each query). */
    private static List<Node> plan(CqlSession session, SimpleStatement statement) {
        Queue<Node> plan = session.getContext()
                .getLoadBalancingPolicy(DriverExecutionProfile.DEFAULT_NAME)
                .newQueryPlan(statement, session);
        List<Node> out = new ArrayList<>();
        for (Node n = plan.poll(); n != null && out.size() < ATTEMPTS + 1; n = plan.poll()) {
            out.add(n);
        }
        return out;
    }

    /**
     * The nodes to ask, in order: the one that answered last (by host id) when it is UP, then the plan's UP nodes,
     * each once, at most {@code max}.
     */
    static List<Node> order(Iterable<Node> known, String answering, List<Node> plan, int max) {
        List<Node> out = new ArrayList<>(max);
        if (answering != null) {
            for (Node n : known) {
                if (n.getState() == NodeState.UP && answering.equals(hostId(n))) {
                    out.add(n);
                    break;
                }
            }
        }
        for (Node n : plan) {
            if (out.size() == max) {
                break;
            }
            if (n.getState() == NodeState.UP && !out.contains(n)) {
                out.add(n);
            }
        }
        return out;
    }

    /**
     * The first answer of {@code query} over {@code order}; the node that gave it is the one asked first next time.
     *
     * @throws RuntimeException the last failure when no node answers, or one saying no node is UP
     */
    <T> T first(List<Node> order, Function<Node, T> query) {
        RuntimeException last = null;
        for (Node node : order) {
            try {
                T answer = query.apply(node);
                answering = hostId(node);
                return answer;
            } catch (RuntimeException e) {
                last = e;
            }
        }
        throw last != null ? last : new IllegalStateException("no node is UP to query");
    }

    private static String hostId(Node n) {
        return ClusterModelReader.node(n).hostId();
    }
}
