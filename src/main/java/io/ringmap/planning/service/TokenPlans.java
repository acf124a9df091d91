package io.ringmap.planning.service;

import io.ringmap.planning.BalancedTokens;
import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.token.Partitioner;
import io.ringmap.token.Token;
import java.util.List;
import java.util.Map;

/** The results of the token planning questions. */
public final class TokenPlans {

    private TokenPlans() {}

    /**
     * Initial tokens per data centre.
     *
     * @param partitioner the partitioner the tokens are of
     * @param nodes       nodes per data centre, as asked
     * @param tokens      per data centre, one initial token per node
     * @param method      how the tokens were chosen
     */
    public record Balanced(
            Partitioner partitioner, Map<String, Integer> nodes, Map<String, List<Token>> tokens, String method) {}

    /**
     * A node of a proposed layout, as given (checked by the service).
     *
     * @param hostId null for the address
     */
    public record Proposal(String address, String hostId, String datacenter, String rack, List<String> tokens) {}

    /**
     * What a proposed layout would own.
     *
     * @param mode       {@code add} (joined to the served ring) or {@code replace}
     * @param evaluation ownership per node and balance per keyspace
     * @param snapshot   the served snapshot whose ring (mode add) and keyspaces were used
     */
    public record Evaluated(
            Partitioner partitioner, String mode, BalancedTokens.Evaluation evaluation, ServedSnapshot snapshot) {}
}
