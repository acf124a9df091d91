package io.ringmap.peers.client;

import io.ringmap.peers.PeerAddress;
import io.ringmap.peers.PeerState;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
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
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Asks every peer at once and waits at most the timeout for all of them together: a peer that has not answered by
 * then, refuses, or answers anything but a readable 200 is left out with the reason. Answers larger than the stated
 * size are cut off and refused. Answers are decoded on the HTTP client's threads as they arrive and handed to the
 * caller in arrival order, so the caller merges one while the slower peers are still answering, all within one
 * deadline.
 */
public final class PeerClient {

    /** The peer endpoint on the management port (Actuator's base path). */
    static final String PATH = "/actuator/peer";

    /** Where a peer's own share of its last sizes round is read. */
    public static final String SIZES = PATH + "/sizes";

    /** Where a peer's heatmap of a table is read. */
    public static final String HEATMAP = PATH + "/heatmap";

    private final HttpClient http;
    private final JsonMapper json = JsonMapper.builder().build();
    private final Duration timeout;
    private final int maxAnswerSize;
    private final Map<String, String> headers;

    /**
     * @param headers the credential headers every request carries (an API key or a bearer token with the management
     *                scope), empty without caller authentication
     */
    public PeerClient(Duration timeout, int maxAnswerSize, Map<String, String> headers) {
        this.timeout = timeout;
        this.maxAnswerSize = maxAnswerSize;
        this.headers = Map.copyOf(headers);
        this.http = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NEVER).build();
    }

    /** The time one fan-out waits at most. */
    public Duration timeout() {
        return timeout;
    }

    /** The deadline ({@link System#nanoTime()}) of an answer that starts now: fan-out and merge within the timeout. */
    public long deadlineFromNow() {
        return System.nanoTime() + timeout.toNanos();
    }

    /** A peer's answer: its decoded value, or why there is none. */
    public record Answer<T>(PeerAddress peer, T value, String problem) {
    }

    /**
     * Decodes a peer's 200 answer.
     *
     * @throws JacksonException or {@link IllegalArgumentException} when the answer is unreadable
     */
    @FunctionalInterface
    public interface Decoder<T> {
        T decode(byte[] body);
    }

    /** Decodes the hot-key state {@code /actuator/peer} answers with. */
    public Decoder<PeerState> states() {
        return json(PeerState.class);
    }

    /** Decodes a JSON answer into {@code type} (a record of the peer channel). */
    public <T> Decoder<T> json(Class<T> type) {
        return body -> json.readValue(body, type);
    }

    /** The query asking for a table's heatmap, with the table's hot-key sketch when {@code keys}. */
    public static String heatmapQuery(String keyspace, String table, boolean keys) {
        return HEATMAP + "?keyspace=" + URLEncoder.encode(keyspace, StandardCharsets.UTF_8) + "&table="
                + URLEncoder.encode(table, StandardCharsets.UTF_8) + (keys ? "&keys=true" : "");
    }

    /** The query asking for the hot-key state: of one table when both names are given, of none with replicasOnly. */
    public static String stateQuery(String keyspace, String table, boolean replicasOnly) {
        return PATH + (replicasOnly ? "?replicasOnly=true" : keyspace == null ? ""
                : "?keyspace=" + URLEncoder.encode(keyspace, StandardCharsets.UTF_8) + "&table="
                        + URLEncoder.encode(table, StandardCharsets.UTF_8));
    }

    /**
     * Asks every peer at once for {@code target} (a path and query on the management port); the answers are
     * decoded off the caller's thread, as they arrive, and handed over by {@link Fanout#each}.
     */
    public <T> Fanout<T> ask(List<PeerAddress> peers, String target, Decoder<T> decoder) {
        return new Fanout<>(peers, target, decoder);
    }

    /**
     * One fan-out in flight: every peer asked once, each answer queued when it has arrived and been decoded.
     *
     * <p>Invariant: {@link #each} runs on one thread, the caller's, so whatever it hands the answers to (a merge)
     * needs no lock; only the queue is shared with the HTTP client's threads.
     */
    public final class Fanout<T> {
        private final List<PeerAddress> peers;
        private final List<CompletableFuture<Answer<T>>> pending = new ArrayList<>();
        private final BlockingQueue<Answer<T>> arrived = new LinkedBlockingQueue<>();

        private Fanout(List<PeerAddress> peers, String target, Decoder<T> decoder) {
            this.peers = List.copyOf(peers);
            for (PeerAddress peer : this.peers) {
                CompletableFuture<Answer<T>> answer = request(peer, target, decoder);
                answer.thenAccept(arrived::add);
                pending.add(answer);
            }
        }

        /**
         * Hands each answer to {@code use} on the caller's thread in the order they arrive, until every peer has
         * answered or the deadline ({@link System#nanoTime()}) has passed; then hands over, as problems, the peers
         * whose answers had not been handed over (not arrived, or arrived while {@code use} was busy past the
         * deadline), and cancels their requests. Returns after at most the deadline plus one {@code use}.
         */
        public void each(long deadline, Consumer<Answer<T>> use) {
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
                    use.accept(new Answer<>(peer, null, arrivedLate
                            ? "answered, but not merged within " + timeout.toMillis() + " ms"
                            : "no answer within " + timeout.toMillis() + " ms"));
                }
            }
        }

        /** Every peer's answer, in the order the peers were given, after at most the deadline. */
        public List<Answer<T>> all(long deadline) {
            Map<PeerAddress, Answer<T>> byPeer = new HashMap<>();
            each(deadline, answer -> byPeer.put(answer.peer(), answer));
            return peers.stream().map(byPeer::get).toList();
        }
    }

    private <T> CompletableFuture<Answer<T>> request(PeerAddress peer, String target, Decoder<T> decoder) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://" + peer + target))
                .timeout(timeout).header("Accept", "application/json").GET();
        headers.forEach(request::header);
        return http.sendAsync(request.build(), info -> new LimitedBody(maxAnswerSize))
                .thenApply(response -> read(peer, response, decoder))
                .exceptionally(failure -> new Answer<>(peer, null, describe(failure)));
    }

    private <T> Answer<T> read(PeerAddress peer, HttpResponse<byte[]> response, Decoder<T> decoder) {
        if (response.statusCode() != 200) {
            return new Answer<>(peer, null, "answered HTTP " + response.statusCode()
                    + (response.statusCode() == 401 || response.statusCode() == 403
                            ? " (ringmap.peers.credential must carry the management scope)" : ""));
        }
        if (response.body() == null) {
            return new Answer<>(peer, null, "answer larger than " + maxAnswerSize + " bytes (ringmap.peers"
                    + ".max-answer-size)");
        }
        try {
            return new Answer<>(peer, decoder.decode(response.body()), null);
        } catch (JacksonException e) {
            return new Answer<>(peer, null, "unreadable answer: " + e.getOriginalMessage());
        } catch (IllegalArgumentException e) {
            return new Answer<>(peer, null, "unreadable answer: " + e.getMessage());
        }
    }

    private String describe(Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                ? failure.getCause() : failure;
        if (cause instanceof HttpConnectTimeoutException || cause instanceof HttpTimeoutException) {
            return "no answer within " + timeout.toMillis() + " ms";
        }
        if (cause instanceof ConnectException) {
            return "connection refused";
        }
        return cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
    }

    /** Collects a body up to a size; a larger one completes with null (and the rest is not read). */
    private static final class LimitedBody implements HttpResponse.BodySubscriber<byte[]> {
        private final int max;
        private final CompletableFuture<byte[]> result = new CompletableFuture<>();
        private final java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        private Flow.Subscription subscription;

        LimitedBody(int max) {
            this.max = max;
        }

        @Override
        public CompletionStage<byte[]> getBody() {
            return result;
        }

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            this.subscription = subscription;
            subscription.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(List<ByteBuffer> items) {
            for (ByteBuffer item : items) {
                if (bytes.size() + item.remaining() > max) {
                    subscription.cancel();
                    result.complete(null);
                    return;
                }
                byte[] chunk = new byte[item.remaining()];
                item.get(chunk);
                bytes.writeBytes(chunk);
            }
        }

        @Override
        public void onError(Throwable throwable) {
            result.completeExceptionally(throwable);
        }

        @Override
        public void onComplete() {
            result.complete(bytes.toByteArray());
        }
    }
}
