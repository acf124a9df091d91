package io.ringmap.peers.web;

import io.ringmap.problem.InvalidParameterException;

/** The {@code scope} parameter of the answers peers add to: this instance's counts, or the deployment's. */
public enum Scope {
    /** Every instance's counts merged (the default). */
    DEPLOYMENT,
    /** This instance's counts only. */
    LOCAL;

    /**
     * The scope named: {@code deployment} or {@code local}, in lower case.
     *
     * @throws InvalidParameterException for anything else
     */
    public static Scope of(String scope) {
        return switch (scope) {
            case "deployment" -> DEPLOYMENT;
            case "local" -> LOCAL;
            default -> throw new InvalidParameterException("scope", "scope must be deployment or local");
        };
    }

    /** Whether the answer is this instance's counts only; a scope not given is the deployment. */
    public static boolean local(Scope scope) {
        return scope == LOCAL;
    }
}
