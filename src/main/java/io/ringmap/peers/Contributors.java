package io.ringmap.peers;

import java.util.List;
import java.util.Objects;

/**
 * Which instances an answer counts: this one always, the peers that answered in time, and the peers that did not,
 * each with the reason.
 *
 * @param scope       {@code local} (this instance's counts only) or {@code deployment} (merged with the peers')
 * @param contributed the peers whose counts are in the answer ({@code host:port} of their management port)
 * @param missing     the known peers whose counts are not
 */
public record Contributors(String scope, List<String> contributed, List<Missing> missing) {

    /** This instance alone, as {@code scope=local} asks. */
    public static final Contributors LOCAL = new Contributors("local", List.of(), List.of());

    public Contributors {
        Objects.requireNonNull(scope, "scope must not be null");
        contributed = List.copyOf(contributed);
        missing = List.copyOf(missing);
    }

    /**
     * A peer whose counts are not in the answer.
     *
     * @param peer   {@code host:port} of its management port
     * @param reason why: refused the connection, timed out after the stated timeout, answered an error status, ...
     */
    public record Missing(String peer, String reason) {

        public Missing {
            Objects.requireNonNull(peer, "peer must not be null");
            Objects.requireNonNull(reason, "reason must not be null");
        }
    }
}
