package io.ringmap.hotkeys.service;

import io.ringmap.problem.RequestProblem;

/**
 * A hot key named by its {@code /hotkeys} label that cannot be used: not among the table's hot keys now, or known
 * only by a shortened label, so its full key is not kept.
 */
public class HotKeyLookupException extends RequestProblem {

    /** What was wrong. */
    public enum Kind implements RequestProblem.Kind {
        /** 404: no hot key of the table has this label now. */
        UNKNOWN_HOT_KEY("unknown-hot-key", "Unknown hot key", 404),
        /** 422: the hot key is known, but its key values cannot be recovered or do not fit the table asked for. */
        HOT_KEY_NOT_RESOLVABLE("hot-key-not-resolvable", "Hot key not resolvable", 422);

        private final Spec spec;

        Kind(String type, String title, int status) {
            this.spec = new Spec(type, title, status);
        }

        @Override
        public Spec spec() {
            return spec;
        }
    }

    public HotKeyLookupException(Kind kind, String parameter, String message) {
        super(kind, "parameter", parameter, message);
    }

    @Override
    public Kind kind() {
        return (Kind) super.kind();
    }
}
