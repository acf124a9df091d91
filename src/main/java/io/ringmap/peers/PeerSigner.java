package io.ringmap.peers;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * How instances of one deployment prove who they are to each other ({@code ringmap.peers.secret}): HMAC-SHA256 with
 * the shared secret over each request (method, path and query, the asker's instance id, a time and a random nonce)
 * and over each answer (the request's nonce, the answering instance's id, the status and the body). A request is
 * accepted once, within {@code max-clock-skew} of the receiver's clock; an answer is bound to the request it answers
 * (its nonce), so neither can be replayed, and an instance id is only believed from whoever holds the secret.
 * The secret itself never travels.
 */
public final class PeerSigner {

    /** The id of the instance that signed a request or an answer. */
    public static final String INSTANCE = "Ringmap-Peer-Instance";
    /** When a request was signed, milliseconds since the epoch. */
    public static final String TIME = "Ringmap-Peer-Time";
    /** A request's random nonce, which its answer's signature covers too. */
    public static final String NONCE = "Ringmap-Peer-Nonce";
    /** The signature, base64url without padding. */
    public static final String SIGNATURE = "Ringmap-Peer-Signature";

    /** Shortest accepted secret: 32 characters. */
    public static final int MIN_SECRET_LENGTH = 32;

    /** Requests remembered at most within the replay window; beyond, requests are refused until some expire. */
    static final int MAX_REMEMBERED_NONCES = 200_000;

    private static final String ALGORITHM = "HmacSHA256";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final SecretKeySpec key;
    private final InstanceId self;
    private final Clock clock;
    private final long maxSkewMillis;
    /** Nonces of accepted requests, with when each may be forgotten (its time plus the skew). */
    private final Map<String, Long> seen = new ConcurrentHashMap<>();

    public PeerSigner(String secret, InstanceId self, Duration maxClockSkew, Clock clock) {
        Objects.requireNonNull(secret, "secret must not be null");
        if (secret.strip().length() < MIN_SECRET_LENGTH) {
            throw new IllegalArgumentException(
                    "the peer secret must have at least " + MIN_SECRET_LENGTH + " characters");
        }
        this.key = new SecretKeySpec(secret.strip().getBytes(StandardCharsets.UTF_8), ALGORITHM);
        this.self = Objects.requireNonNull(self, "self must not be null");
        this.clock = Objects.requireNonNull(clock, "clock must not be null");
        this.maxSkewMillis = maxClockSkew.toMillis();
    }

    /** This instance's id, which it signs with. */
    public InstanceId self() {
        return self;
    }

    /** The headers of a signed request; {@link #NONCE} is the one its answer must cover. */
    public Map<String, String> signRequest(String method, String target) {
        byte[] random = new byte[16];
        RANDOM.nextBytes(random);
        String nonce = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
        String time = Long.toString(clock.millis());
        return Map.of(
                INSTANCE,
                self.value(),
                TIME,
                time,
                NONCE,
                nonce,
                SIGNATURE,
                encode(mac(requestText(method, target, self.value(), time, nonce))));
    }

    /**
     * Checks a request's headers (any may be null when missing) and remembers its nonce.
     *
     * @return the asking instance's id
     * @throws PeerRefused naming what is missing or wrong
     */
    public String verifyRequest(
            String method, String target, String instance, String time, String nonce, String signature) {
        if (instance == null || time == null || nonce == null || signature == null) {
            throw new PeerRefused("the request is not signed (the " + INSTANCE + ", " + TIME + ", " + NONCE + " and "
                    + SIGNATURE + " headers; ringmap.peers.secret)");
        }
        long at;
        try {
            at = Long.parseLong(time);
        } catch (NumberFormatException e) {
            throw new PeerRefused("the request's " + TIME + " is not a number");
        }
        long now = clock.millis();
        if (Math.abs(now - at) > maxSkewMillis) {
            throw new PeerRefused("the request was signed " + (now - at) + " ms from this instance's clock, more "
                    + "than " + maxSkewMillis + " ms (ringmap.peers.max-clock-skew)");
        }
        if (!MessageDigest.isEqual(mac(requestText(method, target, instance, time, nonce)), decode(signature))) {
            throw new PeerRefused("the request's signature does not match (ringmap.peers.secret differs)");
        }
        remember(nonce, at + maxSkewMillis, now);
        return instance;
    }

    private void remember(String nonce, long forgetAt, long now) {
        if (seen.size() >= MAX_REMEMBERED_NONCES) {
            seen.values().removeIf(until -> until < now);
            if (seen.size() >= MAX_REMEMBERED_NONCES) {
                throw new PeerRefused(
                        "more than " + MAX_REMEMBERED_NONCES + " signed requests within the replay " + "window");
            }
        }
        if (seen.putIfAbsent(nonce, forgetAt) != null) {
            throw new PeerRefused("the request was already answered (a replayed nonce)");
        }
    }

    /** The signature of this instance's answer to the request with {@code nonce}. */
    public String signAnswer(String nonce, int status, byte[] body) {
        Mac mac = answerMac(nonce, self.value(), status);
        mac.update(body);
        return encode(mac.doFinal());
    }

    /**
     * A MAC of an answer from {@code instance} to the request with {@code nonce}, still to be fed the body and
     * compared with {@link #matches}.
     */
    public Mac answerMac(String nonce, String instance, int status) {
        Mac mac = newMac();
        mac.update(("answer\n" + nonce + "\n" + instance + "\n" + status + "\n").getBytes(StandardCharsets.UTF_8));
        return mac;
    }

    /** Whether a MAC fed the whole body matches the answer's signature header. */
    public static boolean matches(Mac mac, String signature) {
        return signature != null && MessageDigest.isEqual(mac.doFinal(), decode(signature));
    }

    private static String requestText(String method, String target, String instance, String time, String nonce) {
        return "request\n" + method + "\n" + target + "\n" + instance + "\n" + time + "\n" + nonce;
    }

    private byte[] mac(String text) {
        return newMac().doFinal(text.getBytes(StandardCharsets.UTF_8));
    }

    private Mac newMac() {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            return mac;
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("every JVM has HmacSHA256", e);
        }
    }

    private static String encode(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static byte[] decode(String text) {
        try {
            return Base64.getUrlDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            return new byte[0]; // matches no signature
        }
    }
}
