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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Asks every peer for its state at once and waits at most the timeout for all of them together: a peer that has
 * not answered by then, refuses, or answers anything but a readable 200 is left out with the reason. Answers larger
 * than the stated size are cut off and refused.
 */
public final class PeerClient {

    /** The peer endpoint on the management port (Actuator's base path). */
    static final String PATH = "/actuator/peer";

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

    /** A peer's answer: its state, or why there is none. */
    public record Answer(PeerAddress peer, PeerState state, String problem) {
    }

    /**
     * Asks each peer for its state (sketches only of {@code keyspace.table} when both are given, none with
     * {@code replicasOnly}), in parallel, and returns one answer per peer, in the order given, after at most the
     * timeout.
     */
    public List<Answer> states(List<PeerAddress> peers, String keyspace, String table, boolean replicasOnly) {
        String query = replicasOnly ? "?replicasOnly=true" : keyspace == null ? ""
                : "?keyspace=" + URLEncoder.encode(keyspace, StandardCharsets.UTF_8) + "&table="
                        + URLEncoder.encode(table, StandardCharsets.UTF_8);
        Map<PeerAddress, CompletableFuture<Answer>> pending = new LinkedHashMap<>();
        for (PeerAddress peer : peers) {
            pending.put(peer, ask(peer, query));
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        List<Answer> answers = new ArrayList<>(peers.size());
        for (Map.Entry<PeerAddress, CompletableFuture<Answer>> entry : pending.entrySet()) {
            CompletableFuture<Answer> future = entry.getValue();
            try {
                answers.add(future.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS));
            } catch (TimeoutException e) {
                future.cancel(true);
                answers.add(new Answer(entry.getKey(), null, "no answer within " + timeout.toMillis() + " ms"));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                answers.add(new Answer(entry.getKey(), null, "interrupted"));
            } catch (java.util.concurrent.ExecutionException e) {
                answers.add(new Answer(entry.getKey(), null, describe(e.getCause())));
            }
        }
        return answers;
    }

    private CompletableFuture<Answer> ask(PeerAddress peer, String query) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://" + peer + PATH + query))
                .timeout(timeout).header("Accept", "application/json").GET();
        headers.forEach(request::header);
        return http.sendAsync(request.build(), info -> new LimitedBody(maxAnswerSize))
                .thenApply(response -> read(peer, response))
                .exceptionally(failure -> new Answer(peer, null, describe(failure)));
    }

    private Answer read(PeerAddress peer, HttpResponse<byte[]> response) {
        if (response.statusCode() != 200) {
            return new Answer(peer, null, "answered HTTP " + response.statusCode()
                    + (response.statusCode() == 401 || response.statusCode() == 403
                            ? " (ringmap.peers.credential must carry the management scope)" : ""));
        }
        if (response.body() == null) {
            return new Answer(peer, null, "answer larger than " + maxAnswerSize + " bytes (ringmap.peers"
                    + ".max-answer-size)");
        }
        try {
            return new Answer(peer, json.readValue(response.body(), PeerState.class), null);
        } catch (JacksonException e) {
            return new Answer(peer, null, "unreadable answer: " + e.getOriginalMessage());
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
