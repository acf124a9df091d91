package io.ringmap.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The configured API keys, looked up by comparing SHA-256 digests in constant time, so neither the key values nor
 * the time a comparison takes tell a caller how close a guess was.
 */
final class ApiKeys {

    /** A caller an API key identifies: the key's configured name (safe to log) and its scopes. */
    record Caller(String name, List<String> scopes) {}

    private record Entry(byte[] digest, Caller caller) {}

    private final List<Entry> entries;

    ApiKeys(Map<String, SecurityProperties.ApiKey> keys) {
        this.entries = keys.entrySet().stream()
                .map(e -> new Entry(
                        sha256(e.getValue().key().strip()),
                        new Caller(e.getKey(), e.getValue().scopes())))
                .toList();
    }

    /** The caller whose key this is; every configured key is compared, whether an earlier one matched or not. */
    Optional<Caller> find(String presented) {
        byte[] digest = sha256(presented.strip());
        Caller found = null;
        for (Entry entry : entries) {
            if (MessageDigest.isEqual(entry.digest(), digest) && found == null) {
                found = entry.caller();
            }
        }
        return Optional.ofNullable(found);
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
