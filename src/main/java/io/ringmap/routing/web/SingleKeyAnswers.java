package io.ringmap.routing.web;

import io.ringmap.hits.web.HitCounting;
import io.ringmap.problem.InvalidParameterException;
import io.ringmap.routing.ReplicaRoute;
import io.ringmap.routing.RoutingService;
import io.ringmap.web.KeyParameters;
import java.util.Map;

/**
 * The answer of {@code GET /replicas} to one request's query parameters: the one computation behind both its Spring MVC
 * handler ({@link ReplicasController#replicas}) and the single-key filter ({@code io.ringmap.routing.web.fastpath}),
 * so the two cannot answer differently. Stateless: each of them holds its own.
 */
public final class SingleKeyAnswers {

    /** GET /replicas' own parameters; every other one is a key column. */
    public static final KeyParameters PARAMETERS =
            KeyParameters.reserving("keyspace", "table", "token", "dc", "consistency");

    private final RoutingService routing;
    private final HitCounting hitCounting;

    /** @param hitCounting whose lookups count as hot-key hits */
    public SingleKeyAnswers(RoutingService routing, HitCounting hitCounting) {
        this.routing = routing;
        this.hitCounting = hitCounting;
    }

    /**
     * The replicas of the key or token the parameters name (as the servlet container parsed them); the key counts as
     * a hit only when it is answered.
     *
     * @throws io.ringmap.problem.InvalidParameterException without a keyspace
     * @throws io.ringmap.problem.ProblemException     for everything else refused (the catalog's problem)
     */
    public ReplicasResponse replicas(Map<String, String[]> parameters) {
        KeyParameters.Given given = PARAMETERS.read(parameters);
        String keyspace = given.required("keyspace");
        String table = given.value("table");
        String token = given.value("token");
        String dc = given.value("dc");
        String consistency = given.value("consistency");
        Map<String, String> components = given.key();
        ReplicaRoute answer;
        if (token != null) {
            if (table != null || !components.isEmpty()) {
                throw new InvalidParameterException("token", "give either token or table with key columns, not both");
            }
            answer = routing.replicasOfToken(keyspace, token, dc, consistency);
        } else if (table == null) {
            throw new InvalidParameterException("table", "give token=..., or table=... with the key columns");
        } else {
            answer = routing.replicasOfKey(keyspace, table, components, dc, consistency, hitCounting.counts());
        }
        return ReplicasResponse.of(answer, table, dc);
    }
}
