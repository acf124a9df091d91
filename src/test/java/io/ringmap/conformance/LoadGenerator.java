package io.ringmap.conformance;

import io.ringmap.testsupport.TestHttp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Keeps a running ringmap busy from a few threads and checks every answer: a request is <em>failed</em> when its
 * status is not the expected one and <em>wrong</em> when its check names a problem. Used by the tests that break a
 * real cluster under load; {@link #replicasTokensAndSplits} is the usual mix.
 *
 * <pre>{@code
 * try (LoadGenerator load = LoadGenerator.replicasTokensAndSplits(http, 3, "ks", "t", "k", tokens, () -> endpoints, 8)) {
 *     Figures before = load.figures();
 *     ... break something ...
 *     Figures during = load.figures().minus(before);
 * }
 * }</pre>
 */
final class LoadGenerator implements AutoCloseable {

    /**
     * One request: its path, the status it must answer, and a check of a response with that status that returns
     * what is wrong with it, or null when it is right.
     */
    record Call(String path, int expectedStatus, Function<TestHttp.Response, String> check) {

        /** A request that must answer 200 and pass the check. */
        static Call ok(String path, Function<TestHttp.Response, String> check) {
            return new Call(path, 200, check);
        }
    }

    /** Counts since the generator started; subtract an earlier reading for one phase. */
    record Figures(long sent, long failed, long wrong, long nanos) {

        Figures minus(Figures earlier) {
            return new Figures(
                    sent - earlier.sent, failed - earlier.failed, wrong - earlier.wrong, nanos - earlier.nanos);
        }

        double perSecond() {
            return sent / Math.max(nanos / 1e9, 0.001);
        }

        /** Prints e.g. {@code [FaultsUnderLoadIT] rolling restart: 12000 requests in 40.1 s (299/s), 0 failed}. */
        void print(String prefix, String phase) {
            System.out.printf(
                    "[%s] %s: %d requests in %.1f s (%.0f/s), %d failed, %d wrong%n",
                    prefix, phase, sent, nanos / 1e9, perSecond(), failed, wrong);
        }
    }

    /**
     * Requests per second each thread sends at most ({@code -Dringmap.it.load-rate}, 0 for as fast as answers
     * come). Unpaced, three threads sent about 2,400 requests a second and held both cores of the build machine for
     * the whole scenario, slowing the very node restarts under test (and every class beside it) while adding no
     * check. At 50 a thread the two HTTP scenarios sent 45,586 and 49,043 requests (80-170 a second); at 25 a thread,
     * 32,243 and 38,331 in a run of 2026-12-06, every change still checked by thousands of answers. What Tomcat's
     * threads spent in the run did not move with it (about 98 s either way): most of it is the other classes' requests.
     */
    static final int RATE_PER_THREAD = Integer.getInteger("ringmap.it.load-rate", 25);

    private final TestHttp http;
    private final Supplier<Call> calls;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final AtomicLong wrong = new AtomicLong();
    private final ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();
    private final List<Thread> threads = new ArrayList<>();
    private final long started = System.nanoTime();

    /**
     * Starts {@code threads} threads, each sending the calls {@code calls} gives (it is called concurrently) one
     * after the other, until {@link #close()}.
     */
    LoadGenerator(TestHttp http, int threads, Supplier<Call> calls) {
        this.http = http;
        this.calls = calls;
        for (int i = 0; i < threads; i++) {
            Thread t = new Thread(this::run, "load-" + i);
            t.setDaemon(true);
            this.threads.add(t);
            t.start();
        }
    }

    /**
     * The usual mix, in turn: {@code /replicas} and {@code /token} of random keys of one table (a single-column
     * text partition key) and {@code /splits?n=splits} of the table. Tokens must equal {@code tokens} (from
     * Cassandra's {@code SELECT token(...)}); replicas must equal, primary first, what {@code endpoints} gives at
     * the moment the answer arrives (from {@code nodetool getendpoints}; a supplier so a test can follow a
     * topology change); the number of splits must be {@code splits}.
     */
    static LoadGenerator replicasTokensAndSplits(
            TestHttp http,
            int threads,
            String keyspace,
            String table,
            String keyColumn,
            Map<String, String> tokens,
            Supplier<Map<String, List<String>>> endpoints,
            int splits) {
        List<String> keys = List.copyOf(tokens.keySet());
        AtomicLong n = new AtomicLong();
        String base = "?keyspace=" + TestHttp.encode(keyspace) + "&table=" + TestHttp.encode(table);
        return new LoadGenerator(http, threads, () -> {
            String key = keys.get(ThreadLocalRandom.current().nextInt(keys.size()));
            String keyParam = "&" + TestHttp.encode(keyColumn) + "=" + TestHttp.encode(key);
            return switch ((int) (n.getAndIncrement() % 3)) {
                case 0 ->
                    Call.ok("/replicas" + base + keyParam, r -> {
                        List<String> expected = endpoints.get().get(key);
                        List<String> actual = TestHttp.replicaAddresses(r.json());
                        return CassandraAnswers.sameReplicas(actual, expected)
                                ? null
                                : "replicas " + actual + ", getendpoints " + expected;
                    });
                case 1 ->
                    Call.ok("/token" + base + keyParam, r -> {
                        String token = r.json().get("token").asString();
                        return tokens.get(key).equals(token)
                                ? null
                                : "token " + token + ", Cassandra " + tokens.get(key);
                    });
                default ->
                    Call.ok("/splits" + base + "&n=" + splits, r -> {
                        int count = r.json().get("splits").size();
                        return count == splits ? null : count + " splits";
                    });
            };
        });
    }

    private void run() {
        long interval = RATE_PER_THREAD > 0 ? 1_000_000_000L / RATE_PER_THREAD : 0;
        long next = System.nanoTime();
        while (running.get()) {
            if (interval > 0) {
                next += interval;
                long ahead = next - System.nanoTime();
                if (ahead > 0) {
                    LockSupport.parkNanos(ahead);
                } else if (ahead < -interval * RATE_PER_THREAD) {
                    next = System.nanoTime(); // a second or more behind (a stall): no burst to catch up
                }
            }
            Call call = calls.get();
            TestHttp.Response r;
            try {
                r = http.get(call.path());
            } catch (RuntimeException e) {
                r = new TestHttp.Response(-1, e.toString(), Map.of());
            }
            sent.incrementAndGet();
            if (r.status() != call.expectedStatus()) {
                failed.incrementAndGet();
                note(call.path() + " -> " + r.status() + " " + r.body());
                continue;
            }
            String problem;
            try {
                problem = call.check().apply(r);
            } catch (RuntimeException e) {
                problem = "unreadable answer (" + e + "): " + r.body();
            }
            if (problem != null) {
                wrong.incrementAndGet();
                note(call.path() + " wrong: " + problem);
            }
        }
    }

    private void note(String problem) {
        if (problems.size() < 20) {
            problems.add(problem);
        }
    }

    Figures figures() {
        return new Figures(sent.get(), failed.get(), wrong.get(), System.nanoTime() - started);
    }

    /** The first (up to 20) failed or wrong requests, for assertion messages. */
    String failures() {
        return "first failures: " + problems;
    }

    /** Stops the threads (each finishes its request in flight). */
    @Override
    public void close() {
        running.set(false);
        for (Thread t : threads) {
            try {
                t.join(30_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
