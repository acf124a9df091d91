package io.ringmap.hotkeys.service;

import io.ringmap.problem.ProblemKind;
import io.ringmap.problem.RequestProblem;

/**
 * A hot key named by its {@code /hotkeys} label that cannot be used: not among the table's hot keys now
 * ({@link ProblemKind#UNKNOWN_HOT_KEY}), or known only by a shortened label, so its full key is not kept
 * ({@link ProblemKind#HOT_KEY_NOT_RESOLVABLE}). The problem names the query {@code parameter}.
 */
public class HotKeyLookupException extends RequestProblem {

    public HotKeyLookupException(ProblemKind kind, String parameter, String message) {
        super(kind.problem(message).with("parameter", parameter));
    }
}
