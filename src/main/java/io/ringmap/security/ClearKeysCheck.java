package io.ringmap.security;

import io.ringmap.hotkeys.config.HotKeysProperties;
import java.util.Optional;

/**
 * Refuses, in the caller-authentication modes, the hot-key settings that would let clear keys be read without a
 * credential: {@code export-key: plain} puts them in the {@code partition} tag of {@code /actuator/prometheus}, which
 * stays open so scrapes and probes need no credential, and {@code show-clear-keys} with {@code anonymous-reads}
 * shows them in {@code GET /hotkeys} to anyone. Hashed export is therefore the only export of those modes (the chart
 * makes it their default); mode {@code none} serves every caller anyway.
 */
final class ClearKeysCheck {

    private ClearKeysCheck() {}

    /** Why these settings would expose clear keys without a credential, or empty when they do not. */
    static Optional<String> exposure(SecurityProperties security, HotKeysProperties hotKeys) {
        if (security.mode() == SecurityProperties.Mode.NONE || !hotKeys.enabled()) {
            return Optional.empty();
        }
        String mode = "ringmap.security.mode="
                + security.mode().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        if (hotKeys.exportKey() == HotKeysProperties.ExportKey.PLAIN) {
            return Optional.of(mode + " protects the API, but ringmap.hotkeys.export-key=plain would put clear keys "
                    + "in the partition tag of the open /actuator/prometheus: set ringmap.hotkeys.export-key=hash "
                    + "and ringmap.hotkeys.salt (a secret, the same on every instance), or ringmap.hotkeys.enabled="
                    + "false");
        }
        if (hotKeys.showClearKeys() && security.anonymousReads()) {
            return Optional.of(mode + " with ringmap.security.anonymous-reads=true would show clear keys in GET "
                    + "/hotkeys to anonymous callers (ringmap.hotkeys.show-clear-keys=true): drop one of the two");
        }
        return Optional.empty();
    }
}
