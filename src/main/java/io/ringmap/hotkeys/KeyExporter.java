package io.ringmap.hotkeys;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Turns a key label into the text that leaves the process (metric tag, {@code GET /hotkeys}): either the label
 * itself, or, because partition keys can be personal data, a stable keyed hash of it.
 *
 * <p>The hash is the first 16 hex characters (64 bits) of HMAC-SHA256 keyed with the configured salt over the
 * label's UTF-8 bytes: the same on every instance and across restarts as long as the salt is the same, and not
 * reversible without the salt. An empty salt is allowed but then low-entropy keys (user ids, dates) can be found
 * by trying candidates, so production should set one.
 */
public final class KeyExporter {

    private static final String HMAC = "HmacSHA256";
    private static final KeyExporter PLAIN = new KeyExporter(null);

    private final SecretKeySpec key;

    private KeyExporter(SecretKeySpec key) {
        this.key = key;
    }

    /** Exports labels as they are. */
    public static KeyExporter plain() {
        return PLAIN;
    }

    /** Exports 16 hex characters of HMAC-SHA256(salt, label) instead of the label. */
    public static KeyExporter hashed(String salt) {
        Objects.requireNonNull(salt, "salt must not be null (use an empty string for none)");
        byte[] secret = salt.getBytes(StandardCharsets.UTF_8);
        // HMAC pads its key with zero bytes, so a single zero byte is the empty key that SecretKeySpec refuses
        return new KeyExporter(new SecretKeySpec(secret.length == 0 ? new byte[1] : secret, HMAC));
    }

    /** Whether labels are replaced by their hash. */
    public boolean hashing() {
        return key != null;
    }

    /** The exported form of a label. */
    public String export(String label) {
        if (key == null) {
            // a real key spelled like the catch-all gets a prefix join() never produces (it escapes only ':' and '\')
            return KeyLabels.OTHER.equals(label) ? "\\" + label : label;
        }
        try {
            Mac mac = Mac.getInstance(HMAC); // Mac is not thread-safe; export runs only when a key enters the top K
            mac.init(key);
            byte[] digest = mac.doFinal(label.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("every Java platform must provide " + HMAC, e);
        }
    }
}
