package io.ringmap.web;

/**
 * Whether clear partition keys may leave the process, as the hot-key settings decide ({@code ringmap.hotkeys}): where
 * they may not, a problem does not quote a key's value either. Implemented by the hot-key settings, so the shared web
 * code asks without knowing the feature.
 */
public interface KeyDisclosure {

    /** Whether clear keys may leave the process (API answers, problems). */
    boolean clearKeysShown();
}
