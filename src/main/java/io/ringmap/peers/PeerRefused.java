package io.ringmap.peers;

/**
 * A peer's answer is left out of a merged answer: unreadable, beyond what an honest peer can send, not what was asked
 * for, or not signed by an instance of the deployment. The message is the reason, named in the answer's
 * {@code peers.missing}; a bug's exception is never mistaken for it.
 */
public final class PeerRefused extends RuntimeException {

    public PeerRefused(String reason) {
        super(reason, null, false, false);
    }
}
