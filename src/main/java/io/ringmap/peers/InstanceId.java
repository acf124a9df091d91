package io.ringmap.peers;

import java.util.Objects;
import java.util.UUID;

/**
 * The random id an instance picks at start: how it recognises itself when the peer list reaches it under an address
 * it did not know as its own, and its name in the rendezvous that shares the sizes rounds.
 */
public record InstanceId(String value) {

    public InstanceId {
        Objects.requireNonNull(value, "value must not be null");
    }

    /** A new random id. */
    public static InstanceId random() {
        return new InstanceId(UUID.randomUUID().toString());
    }
}
