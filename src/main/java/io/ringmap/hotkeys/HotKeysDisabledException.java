package io.ringmap.hotkeys;

/** {@code GET /hotkeys} was asked while {@code ringmap.hotkeys.enabled} is false. */
public class HotKeysDisabledException extends RuntimeException {

    public HotKeysDisabledException() {
        super("hot-key tracking is disabled (ringmap.hotkeys.enabled=false): no hot keys are tracked");
    }
}
