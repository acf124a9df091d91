package io.ringmap.restart.service;

import java.util.List;
import java.util.Map;

/**
 * What a restart plan is asked for.
 *
 * @param nodes       addresses or host ids to restart; empty for every ring member
 * @param consistency the level every keyspace keeps unless {@code keyspaces} names another; null when only the
 *                    keyspaces named keep one
 * @param keyspaces   per keyspace, the level it keeps (overrides {@code consistency})
 * @param dc          the clients' data centre: where LOCAL_* levels count; null for every data centre of the ring
 * @param parallelism the most nodes stopped at once; null for no bound beyond the levels
 */
public record RestartQuestion(
        List<String> nodes, String consistency, Map<String, String> keyspaces, String dc, Integer parallelism) {

    public RestartQuestion {
        nodes = nodes == null ? List.of() : List.copyOf(nodes);
        keyspaces = keyspaces == null ? Map.of() : Map.copyOf(keyspaces);
    }
}
