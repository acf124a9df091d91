package io.ringmap.hotkeys.config;

import io.ringmap.hotkeys.HotKeySettings;
import io.ringmap.hotkeys.KeyExporter;
import io.ringmap.problem.InvalidParameterException;
import io.ringmap.web.KeyDisclosure;
import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Hot partition key tracking: which keys are exported as metrics, how they are labelled, and how the sketch is sized.
 *
 * @param enabled         track hits and export hot-key meters; when false nothing is recorded or exported
 * @param topK            keys per table exported with their own {@code ringmap_hotkey_hits_total} series (plus
 *                        {@code _other})
 * @param exportKey       how a key appears in the {@code partition} tag: its label ({@code plain}) or a keyed hash
 *                        of it ({@code hash}, needs {@code salt})
 * @param salt            HMAC key of {@code export-key: hash}; keep it secret, the same on every instance
 * @param maxTables       tables tracked at most; hits of further tables are dropped and counted
 * @param window          sketch window: estimates cover the last one to two windows
 * @param refreshInterval how often the top K is recomputed and the meters re-synchronised
 * @param maxMapSize      frequent-items map size per table (power of two, at least 4 × top-K); error at most
 *                        3.5 / max-map-size of a table's hits
 * @param showClearKeys   with {@code export-key: hash}, still show clear keys in {@code GET /hotkeys} and in
 *                        problem details (off: only the hashed labels leave the process); no effect with
 *                        {@code plain}
 */
@Validated
@ConfigurationProperties("ringmap.hotkeys")
public record HotKeysProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("20") @Min(1) @Max(1000) int topK,
        @DefaultValue("plain") @NotNull ExportKey exportKey,
        String salt,
        @DefaultValue("1000") @Min(1) int maxTables,
        @DefaultValue("5m") @NotNull Duration window,
        @DefaultValue("1s") @NotNull Duration refreshInterval,
        @DefaultValue("1024") @Min(16) int maxMapSize,
        @DefaultValue("false") boolean showClearKeys)
        implements KeyDisclosure {

    /** How a key leaves the process in metrics. */
    public enum ExportKey {
        /** the key's label, e.g. {@code sensor-17:2026-10-01} */
        PLAIN,
        /** 16 hex characters of HMAC-SHA256(salt, label) */
        HASH
    }

    /** {@code export-key: hash} without a salt would let anyone find low-entropy keys by hashing candidates. */
    @AssertTrue(message = "ringmap.hotkeys.salt must be set (non-empty) when ringmap.hotkeys.export-key is hash")
    public boolean isSaltGivenWhenHashing() {
        return exportKey != ExportKey.HASH || (salt != null && !salt.isEmpty());
    }

    @AssertTrue(message = "ringmap.hotkeys.window and refresh-interval must be positive")
    public boolean isIntervalsPositive() {
        return window != null
                && refreshInterval != null
                && !window.isNegative()
                && !window.isZero()
                && !refreshInterval.isNegative()
                && !refreshInterval.isZero();
    }

    @AssertTrue(message = "ringmap.hotkeys.max-map-size must be a power of two of at least 4 × top-k")
    public boolean isMapSizeValid() {
        return Integer.bitCount(maxMapSize) == 1 && maxMapSize >= 4L * topK;
    }

    /** Whether clear keys may leave the process (API answers, problems): plain export, or explicitly allowed. */
    @Override
    public boolean clearKeysShown() {
        return exportKey == ExportKey.PLAIN || showClearKeys;
    }

    /** Keys per table {@code GET /hotkeys} lists when not asked: 10, or {@link #topK} if smaller. */
    public static final int DEFAULT_KEYS_PER_TABLE = 10;

    /**
     * How many keys per table {@code GET /hotkeys} lists for {@code limit}: the default when null.
     *
     * @throws InvalidParameterException outside 1..{@code ringmap.hotkeys.top-k}
     */
    public int keysPerTable(Integer limit) {
        int keys = limit == null ? Math.min(DEFAULT_KEYS_PER_TABLE, topK) : limit;
        if (keys < 1 || keys > topK) {
            throw new InvalidParameterException(
                    "limit", "limit must be between 1 and " + topK + " (ringmap.hotkeys.top-k), was " + limit);
        }
        return keys;
    }

    /** The core's sizing (one sketch per table, 256-character labels). */
    public HotKeySettings settings() {
        return new HotKeySettings(topK, maxMapSize, 1, maxTables, HotKeySettings.DEFAULTS.maxLabelLength());
    }

    /** The exporter for {@code export-key}. */
    public KeyExporter exporter() {
        return exportKey == ExportKey.HASH ? KeyExporter.hashed(salt) : KeyExporter.plain();
    }
}
