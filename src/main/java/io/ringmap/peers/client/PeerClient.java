package io.ringmap.peers.client;

import io.ringmap.peers.PeerAddress;
import io.ringmap.peers.PeerRefused;
import io.ringmap.peers.PeerSigner;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import javax.crypto.Mac;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.json.JsonFactory;

/**
 * The peer channel's transport: asks every peer at once, signed ({@link PeerSigner}), over https with the peers'
 * trust store or, when the operator allowed it, plain http, and waits at most the timeout for all of them together.
 * An answer is decoded while it is read, on a decoding thread, from a stream that stops it at
 * {@code max-answer-size} bytes and at the deadline, and it is handed over only when the whole body carried the
 * answering instance's signature. A peer that has not answered by the deadline, refuses, or answers anything but a
 * signed, readable 200 is left out with the reason. It knows no feature: each feature says what it asks and how it
 * decodes and checks the answer.
 */
public final class PeerClient {

    /** The peer endpoint on the management port (Actuator's base path). */
    public static final String PATH = "/actuator/peer";

    /** Longest string or name in a peer answer, in characters (labels have at most 256). */
    static final int MAX_STRING_LENGTH = 4096;

    private final HttpClient http;
    private final ExecutorService decoding;
    private final Duration timeout;
    private final int maxAnswerSize;
    private final PeerSigner signer;
    private final String scheme;

    /**
     * @param signer signs each request and checks each answer
     * @param tls    the context of {@code https} peers (trust store, and key store for mutual TLS), null for plain
     *               http, which the configuration allows only when the operator said so
     */
    public PeerClient(Duration timeout, int maxAnswerSize, PeerSigner signer, @Nullable SSLContext tls) {
        this.timeout = timeout;
        this.maxAnswerSize = maxAnswerSize;
        this.signer = signer;
        this.scheme = tls == null ? "http" : "https";
        HttpClient.Builder builder = HttpClient.newBuilder()
                .connectTimeout(timeout)
                .followRedirects(HttpClient.Redirect.NEVER)
                .executor(Executors.newCachedThreadPool(daemon("client")));
        if (tls != null) {
            builder.sslContext(tls);
        }
        this.http = builder.build();
        this.decoding = Executors.newCachedThreadPool(daemon("decode"));
    }

    private static java.util.concurrent.ThreadFactory daemon(String role) {
        return task -> {
            Thread thread = new Thread(task, "ringmap-peer-" + role);
            thread.setDaemon(true);
            return thread;
        };
    }

    /** The time one fan-out waits at most. */
    public Duration timeout() {
        return timeout;
    }

    /** {@code https}, or {@code http} when the operator allowed plain http. */
    public String scheme() {
        return scheme;
    }

    /** The deadline ({@link System#nanoTime()}) of an answer that starts now: fan-out and merge within the timeout. */
    public long deadlineFromNow() {
        return System.nanoTime() + timeout.toNanos();
    }

    /**
     * The JSON factory a feature decodes an answer with: at most {@code maxTokens} tokens (what an honest peer can
     * send for the question), strings and names of at most {@value #MAX_STRING_LENGTH} characters, shallow nesting.
     * A longer answer stops being read at the first token beyond.
     */
    public static JsonFactory jsonFactory(long maxTokens) {
        return JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxTokenCount(maxTokens)
                        .maxStringLength(MAX_STRING_LENGTH)
                        .maxNameLength(MAX_STRING_LENGTH)
                        .maxNumberLength(32)
                        .maxNestingDepth(16)
                        .build())
                .build();
    }

    /** A peer's answer: its decoded value and the instance that signed it, or why there is none. */
    public record Answer<T>(
            PeerAddress peer,
            @Nullable T value,
            @Nullable String instance,
            @Nullable String problem) {}

    /**
     * Decodes a peer's 200 answer from the body as it arrives.
     *
     * @throws JacksonException when the answer is unreadable or longer than the decoder's bounds
     * @throws PeerRefused      when it breaks a rule the feature checks while decoding
     */
    @FunctionalInterface
    public interface Decoder<T> {
        T decode(InputStream body) throws IOException;
    }

    /**
     * The target of a question: {@value #PATH}, then {@code /part} unless {@code part} is empty, then the query of
     * {@code nameValues} (name, value, name, value, ...; a pair with a null value is left out), URL-encoded.
     */
    public static String target(String part, String... nameValues) {
        StringBuilder target = new StringBuilder(PATH);
        if (!part.isEmpty()) {
            target.append('/').append(part);
        }
        char separator = '?';
        for (int i = 0; i + 1 < nameValues.length; i += 2) {
            if (nameValues[i + 1] != null) {
                target.append(separator)
                        .append(nameValues[i])
                        .append('=')
                        .append(URLEncoder.encode(nameValues[i + 1], StandardCharsets.UTF_8));
                separator = '&';
            }
        }
        return target.toString();
    }

    /**
     * Asks every peer at once for {@code target} (a path and query on the management port); the answers are
     * decoded off the caller's thread, as they arrive and until {@code deadline} ({@link System#nanoTime()}), and
     * handed over by {@link Fanout#each}.
     */
    public <T> Fanout<T> ask(List<PeerAddress> peers, String target, Decoder<T> decoder, long deadline) {
        return new Fanout<>(peers, target, decoder, deadline);
    }

    /**
     * One fan-out in flight: every peer asked once, each answer queued when it has arrived and been decoded.
     *
     * <p>Invariant: {@link #each} runs on one thread, the caller's, so whatever it hands the answers to (a merge)
     * needs no lock; only the queue is shared with the decoding threads.
     */
    public final class Fanout<T> {
        private final List<PeerAddress> peers;
        private final long deadline;
        private final List<CompletableFuture<Answer<T>>> pending = new ArrayList<>();
        private final BlockingQueue<Answer<T>> arrived = new LinkedBlockingQueue<>();

        private Fanout(List<PeerAddress> peers, String target, Decoder<T> decoder, long deadline) {
            this.peers = List.copyOf(peers);
            this.deadline = deadline;
            for (PeerAddress peer : this.peers) {
                CompletableFuture<Answer<T>> answer = request(peer, target, decoder, deadline);
                answer.thenAccept(arrived::add);
                pending.add(answer);
            }
        }

        /**
         * Hands each answer to {@code use} on the caller's thread in the order they arrive, until every peer has
         * answered or the deadline has passed; then hands over, as problems, the peers whose answers had not been
         * handed over (not arrived, or arrived while {@code use} was busy past the deadline), and cancels their
         * requests (a decoding still running stops at its next read, past the deadline). Returns after at most the
         * deadline plus one {@code use}.
         */
        public void each(Consumer<Answer<T>> use) {
            Set<PeerAddress> done = new HashSet<>();
            try {
                while (done.size() < peers.size()) {
                    long left = deadline - System.nanoTime();
                    Answer<T> next = left <= 0 ? null : arrived.poll(left, TimeUnit.NANOSECONDS);
                    if (next == null) {
                        break;
                    }
                    done.add(next.peer());
                    use.accept(next);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            for (int i = 0; i < peers.size(); i++) {
                PeerAddress peer = peers.get(i);
                if (!done.contains(peer)) {
                    boolean arrivedLate = pending.get(i).isDone();
                    pending.get(i).cancel(true);
                    use.accept(new Answer<>(
                            peer,
                            null,
                            null,
                            arrivedLate
                                    ? "answered, but not merged within " + timeout.toMillis() + " ms"
                                    : "no answer within " + timeout.toMillis() + " ms"));
                }
            }
        }

        /** Every peer's answer, in the order the peers were given, after at most the deadline. */
        public List<Answer<T>> all() {
            Map<PeerAddress, Answer<T>> byPeer = new HashMap<>();
            each(answer -> byPeer.put(answer.peer(), answer));
            return peers.stream().map(byPeer::get).toList();
        }
    }

    private <T> CompletableFuture<Answer<T>> request(
            PeerAddress peer, String target, Decoder<T> decoder, long deadline) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(scheme + "://" + peer + target))
                .timeout(timeout)
                .header("Accept", "application/json")
                .GET();
        Map<String, String> signed = signer.signRequest("GET", target);
        signed.forEach(request::header);
        String nonce = signed.get(PeerSigner.NONCE);
        return http.sendAsync(request.build(), info -> new BoundedBody(maxAnswerSize, deadline))
                .thenApplyAsync(response -> read(peer, response, decoder, nonce), decoding)
                .exceptionally(failure -> new Answer<>(peer, null, null, describe(failure)));
    }

    private <T> Answer<T> read(PeerAddress peer, HttpResponse<InputStream> response, Decoder<T> decoder, String nonce) {
        BoundedBody body = (BoundedBody) response.body();
        try (body) {
            if (response.statusCode() != 200) {
                return new Answer<>(
                        peer,
                        null,
                        null,
                        "answered HTTP " + response.statusCode()
                                + (response.statusCode() == 401
                                        ? " (the peers must share ringmap.peers.secret and clocks "
                                                + "within ringmap.peers.max-clock-skew)"
                                        : ""));
            }
            String instance = response.headers().firstValue(PeerSigner.INSTANCE).orElse(null);
            String signature =
                    response.headers().firstValue(PeerSigner.SIGNATURE).orElse(null);
            if (instance == null || signature == null) {
                return new Answer<>(peer, null, null, "refused: the answer is not signed (ringmap.peers.secret)");
            }
            Mac mac = signer.answerMac(nonce, instance, 200);
            body.feed(mac);
            T value = decoder.decode(body);
            body.drain();
            if (!PeerSigner.matches(mac, signature)) {
                return new Answer<>(
                        peer,
                        null,
                        null,
                        "refused: the answer's signature does not match (signed "
                                + "without ringmap.peers.secret, or altered on the way)");
            }
            return new Answer<>(peer, value, instance, null);
        } catch (BoundedBody.Stopped e) {
            return new Answer<>(peer, null, null, e.getMessage());
        } catch (StreamConstraintsException e) {
            return new Answer<>(
                    peer,
                    null,
                    null,
                    "refused: more than an honest peer sends for this question (" + e.getOriginalMessage() + ")");
        } catch (JacksonException e) {
            Throwable cause = cause(e);
            return new Answer<>(
                    peer,
                    null,
                    null,
                    cause != null ? cause.getMessage() : "unreadable answer: " + e.getOriginalMessage());
        } catch (PeerRefused e) {
            return new Answer<>(peer, null, null, e.getMessage());
        } catch (IOException e) {
            return new Answer<>(peer, null, null, "answer cut off: " + e.getMessage());
        }
    }

    /** What stopped a decoding from inside Jackson: the body's bounds, or a feature's refusal; null for neither. */
    private static Throwable cause(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof BoundedBody.Stopped || cause instanceof PeerRefused) {
                return cause;
            }
        }
        return null;
    }

    private String describe(Throwable failure) {
        Throwable cause =
                failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        if (cause instanceof HttpConnectTimeoutException || cause instanceof HttpTimeoutException) {
            return "no answer within " + timeout.toMillis() + " ms";
        }
        if (cause instanceof ConnectException) {
            return "connection refused";
        }
        if (cause instanceof SSLException) {
            return "TLS failed: " + cause.getMessage() + " (ringmap.peers.tls)";
        }
        return cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
    }
}
