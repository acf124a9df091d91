package io.ringmap.peers;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;

/**
 * Rendezvous (highest random weight) hashing, Thaler and Ravishankar 1998: an item belongs to the instance whose
 * hash of (instance, item) is highest. Every instance that knows the same set computes the same owner without talking
 * to the others, and when an instance leaves only its items move, each to the instance with the next highest weight.
 */
public final class Rendezvous {

    private Rendezvous() {}

    /**
     * The owner of {@code item} among {@code instances} (ties, practically impossible, go to the smaller name).
     *
     * @throws IllegalArgumentException when there is no instance
     */
    public static String owner(String item, Collection<String> instances) {
        String best = null;
        long bestWeight = 0;
        for (String instance : instances) {
            long weight = weight(instance, item);
            if (best == null
                    || Long.compareUnsigned(weight, bestWeight) > 0
                    || (weight == bestWeight && instance.compareTo(best) < 0)) {
                best = instance;
                bestWeight = weight;
            }
        }
        if (best == null) {
            throw new IllegalArgumentException("an owner needs at least one instance");
        }
        return best;
    }

    /** The first 8 bytes of SHA-256 over instance, a zero byte and item: the same on every JVM. */
    static long weight(String instance, String item) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(instance.getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
            byte[] digest = sha.digest(item.getBytes(StandardCharsets.UTF_8));
            long weight = 0;
            for (int i = 0; i < 8; i++) {
                weight = (weight << 8) | (digest[i] & 0xff);
            }
            return weight;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
