package io.ringmap.planning.web;

import static io.ringmap.problem.InvalidParameterException.required;

import io.ringmap.problem.InvalidParameterException;
import io.swagger.v3.oas.annotations.Parameter;
import java.util.LinkedHashMap;
import java.util.Map;

/** {@code GET /tokens/balanced}'s parameters. */
record BalancedParameters(
        @Parameter(description = "Nodes per DC, e.g. dc1:3,dc2:3", example = "dc1:2,dc2:2", required = true)
        String nodes,

        @Parameter(description = "Partitioner (default: the ring's)")
        String partitioner) {

    BalancedParameters {
        required("nodes", nodes);
    }

    /**
     * {@code nodes} as node counts by data centre, in the order given.
     *
     * @throws InvalidParameterException unless it is {@code dc:count[,dc:count...]}, each data centre once
     */
    Map<String, Integer> perDc() {
        Map<String, Integer> out = new LinkedHashMap<>();
        for (String part : nodes.split(",")) {
            String[] kv = part.trim().split(":");
            if (kv.length != 2 || kv[0].isBlank()) {
                throw new InvalidParameterException("nodes", "nodes '" + nodes + "' is not dc:count[,dc:count...]");
            }
            try {
                if (out.put(kv[0].trim(), Integer.parseInt(kv[1].trim())) != null) {
                    throw new InvalidParameterException("nodes", "data centre '" + kv[0].trim() + "' is given twice");
                }
            } catch (NumberFormatException e) {
                throw new InvalidParameterException("nodes", "node count '" + kv[1] + "' is not a number");
            }
        }
        return out;
    }
}
