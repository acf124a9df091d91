package io.ringmap.planning.service;

import io.ringmap.planning.BalancedTokens;
import io.ringmap.planning.LayoutMode;
import io.ringmap.planning.PlanException;
import io.ringmap.problem.InvalidParameterException;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.Node;
import io.ringmap.ring.NodeState;
import io.ringmap.ring.TokenRing;
import io.ringmap.routing.KeyRouter;
import io.ringmap.routing.RoutingService;
import io.ringmap.schema.TableSchema;
import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.token.Partitioner;
import io.ringmap.token.Token;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Answers {@code /tokens/balanced} and {@code /tokens/evaluate}: initial tokens, and what a layout would own. */
public class TokenPlanService {

    private final RoutingService routing;
    private final PlanLimits limits;

    public TokenPlanService(RoutingService routing, PlanLimits limits) {
        this.routing = routing;
        this.limits = limits;
    }

    /**
     * Tokens dividing the ring evenly within each data centre, the data centres interleaved.
     *
     * @param partitioner the partitioner's name, null or blank for the ring's
     */
    public TokenPlans.Balanced balanced(Map<String, Integer> nodesPerDc, String partitioner) {
        BalancedTokens.NodeCounts perDc = BalancedTokens.NodeCounts.atMost(nodesPerDc, limits.maxNodes());
        return even(partitioner(partitioner), perDc);
    }

    /**
     * Tokens at the quantiles of a sample of real keys' tokens, hashed as {@code /token} does; evenly without keys.
     *
     * @param keys the sample keys of {@code keyspace.table}, null for none
     */
    public TokenPlans.Balanced balanced(
            Map<String, Integer> nodesPerDc,
            String partitioner,
            String keyspace,
            String table,
            List<Map<String, String>> keys) {
        BalancedTokens.NodeCounts perDc = BalancedTokens.NodeCounts.atMost(nodesPerDc, limits.maxNodes());
        if (keys != null && keys.size() > limits.maxSampleKeys()) {
            throw PlanException.tooLarge(
                    "sample.keys",
                    keys.size(),
                    "sample keys",
                    limits.maxSampleKeys(),
                    "a token plan hashes",
                    "ringmap.plan.max-sample-keys");
        }
        Partitioner p = partitioner(partitioner);
        if (keys == null) {
            return even(p, perDc);
        }
        ServedSnapshot served = routing.snapshot();
        TableSchema schema = routing.table(served, keyspace, table);
        List<Token> sample = new ArrayList<>();
        for (Map<String, String> key : keys) {
            sample.add(KeyRouter.token(p, schema, key));
        }
        return new TokenPlans.Balanced(
                p,
                perDc.perDc(),
                BalancedTokens.quantiles(p, perDc, sample),
                "quantiles of " + sample.size() + " sample keys");
    }

    private static TokenPlans.Balanced even(Partitioner p, BalancedTokens.NodeCounts perDc) {
        return new TokenPlans.Balanced(
                p, perDc.perDc(), BalancedTokens.even(p, perDc), "even per data centre, data centres interleaved");
    }

    /**
     * Ownership and balance of a layout: the proposed nodes joined to the served ring ({@code add}) or alone
     * ({@code replace}), every keyspace of the served snapshot placed on it.
     */
    public TokenPlans.Evaluated evaluate(LayoutMode mode, List<TokenPlans.Proposal> proposed) {
        ServedSnapshot served = routing.snapshot();
        TokenRing current = served.tokenRing();
        long layoutTokens = (mode == LayoutMode.ADD ? current.size() : 0)
                + proposed.stream()
                        .mapToLong(n -> n.tokens() == null ? 0 : n.tokens().size())
                        .sum();
        if (layoutTokens > limits.maxLayoutTokens()) {
            throw PlanException.tooLarge(
                    "nodes",
                    layoutTokens,
                    "tokens in the "
                            + (mode == LayoutMode.ADD ? "served ring and the proposed nodes" : "proposed layout"),
                    limits.maxLayoutTokens(),
                    "a layout evaluation places keyspaces on",
                    "ringmap.plan.max-layout-tokens");
        }
        Partitioner p = current.partitioner();
        Map<Node, List<Token>> layout = new LinkedHashMap<>();
        if (mode == LayoutMode.ADD) {
            List<List<Token>> tokens = current.tokensByNode();
            for (int n = 0; n < current.nodes().size(); n++) {
                layout.put(current.nodes().get(n), tokens.get(n));
            }
        }
        for (TokenPlans.Proposal n : proposed) {
            if (n.address() == null
                    || n.datacenter() == null
                    || n.rack() == null
                    || n.tokens() == null
                    || n.tokens().isEmpty()) {
                throw new InvalidParameterException("nodes", "each node needs address, datacenter, rack and tokens");
            }
            layout.put(
                    new Node(
                            n.hostId() == null ? n.address() : n.hostId(),
                            n.address(),
                            n.datacenter(),
                            n.rack(),
                            NodeState.UP),
                    n.tokens().stream().map(p::parseToken).toList());
        }
        TokenRing ring;
        try {
            ring = TokenRing.of(p, layout);
        } catch (IllegalArgumentException e) {
            throw new InvalidParameterException("nodes", e.getMessage());
        }
        Map<String, Map<String, String>> replication = new LinkedHashMap<>();
        served.ring().keyspaces().forEach((name, placement) -> {
            if (placement instanceof KeyspacePlacement.Placed placed && !placed.nodeLocal()) {
                replication.put(name, placed.replication());
            }
        });
        return new TokenPlans.Evaluated(p, mode.text(), BalancedTokens.evaluate(ring, replication), served);
    }

    private Partitioner partitioner(String name) {
        if (name == null || name.isBlank()) {
            return routing.snapshot().tokenRing().partitioner();
        }
        try {
            return KeyHashing.partitioner(name);
        } catch (IllegalArgumentException e) {
            throw new InvalidParameterException("partitioner", e.getMessage());
        }
    }
}
