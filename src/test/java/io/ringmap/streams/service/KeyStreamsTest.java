package io.ringmap.streams.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringmap.config.StreamFormat;
import io.ringmap.config.StreamProperties;
import io.ringmap.problem.Problem;
import io.ringmap.problem.ProblemException;
import io.ringmap.problem.ProblemKind;
import io.ringmap.routing.KeyRoute;
import io.ringmap.routing.KeyRouter;
import io.ringmap.routing.Routes;
import io.ringmap.routing.RoutingService;
import io.ringmap.testsupport.MovingClock;
import io.ringmap.web.WebTestSupport;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

/**
 * Streamed batches against the bundled sample, without a web server: every line answered in its order by the batch's
 * own key path, bad lines in their place, and the bounds of {@code ringmap.api.streams}.
 */
class KeyStreamsTest {

    private static final String KEY = "{\"sensor_id\": \"sensor-%d\", \"day\": \"2026-10-01\"}";

    private final RoutingService routing =
            WebTestSupport.routing(WebTestSupport.ringFrom("/topology/default.yaml"), 10_000);
    private final MovingClock clock = new MovingClock(Instant.parse("2026-10-01T00:00:00Z"));

    /** What a stream answered, line by line. */
    static class Recorded implements StreamAnswers {
        final List<Long> lines = new ArrayList<>();
        final List<KeyRoute> routes = new ArrayList<>(); // null for a problem
        final List<Problem> problems = new ArrayList<>(); // null for an answer
        KeyRouter router;
        int flushes;
        boolean ended;

        @Override
        public void start(KeyRouter router) {
            this.router = router;
        }

        @Override
        public void answer(long line, KeyRoute route) {
            lines.add(line);
            routes.add(route);
            problems.add(null);
        }

        @Override
        public void problem(long line, Problem problem) {
            lines.add(line);
            routes.add(null);
            problems.add(problem);
        }

        @Override
        public void flush() {
            flushes++;
        }

        @Override
        public void end() {
            ended = true;
        }
    }

    private KeyStreams streams(StreamProperties settings) {
        return new KeyStreams(routing, settings, false, clock);
    }

    private static InputStream body(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }

    private static StreamRequest tokens(boolean stopOnError) {
        return new StreamRequest("iot", "readings", false, null, false, stopOnError, StreamFormat.NDJSON);
    }

    private Recorded run(KeyStreams streams, StreamRequest request, String body) throws IOException {
        Recorded out = new Recorded();
        streams.answer(request, streams.lines(request.input(), body(body)), out, false);
        return out;
    }

    @Test
    void answersEveryLineInOrderWithTheTokensOfTheBatch() throws IOException {
        // given 3,000 keys, as a stream and as a batch of the same keys
        StringBuilder body = new StringBuilder();
        List<Map<String, String>> keys = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            body.append(KEY.formatted(i)).append(i % 2 == 0 ? "\n" : "\r\n");
            keys.add(Map.of("sensor_id", "sensor-" + i, "day", "2026-10-01"));
        }
        // when
        Recorded out = run(streams(StreamProperties.defaults()), tokens(false), body.toString());
        Routes batch = routing.route("iot", "readings", keys, false, false);
        // then the lines in order, each with the batch's token and key
        assertThat(out.lines).hasSize(3000).isSorted().startsWith(1L, 2L, 3L).endsWith(3000L);
        assertThat(out.problems).containsOnlyNulls();
        for (int i = 0; i < 3000; i++) {
            assertThat(out.routes.get(i).token()).isEqualTo(batch.keys().get(i).token());
            assertThat(out.routes.get(i).keyByColumn())
                    .isEqualTo(batch.keys().get(i).keyByColumn());
        }
        assertThat(out.ended).isTrue();
    }

    @Test
    void replicasAreTheBatchReplicas() throws IOException {
        StringBuilder body = new StringBuilder();
        List<Map<String, String>> keys = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            body.append(KEY.formatted(i)).append('\n');
            keys.add(Map.of("sensor_id", "sensor-" + i, "day", "2026-10-01"));
        }
        Recorded out = run(
                streams(StreamProperties.defaults()),
                new StreamRequest("iot", "readings", true, null, false, false, StreamFormat.NDJSON),
                body.toString());
        Routes batch = routing.replicasOfKeys("iot", "readings", keys, null, false);
        for (int i = 0; i < 500; i++) {
            assertThat(out.routes.get(i).replicas())
                    .isEqualTo(batch.keys().get(i).replicas());
        }
    }

    @Test
    void badLinesAreAnsweredInTheirPlaceWithTheirLineNumbers() throws IOException {
        // given good lines around bad ones, and a blank line (not a key, still counted)
        String body = String.join(
                "\n",
                KEY.formatted(1),
                "{\"sensor_id\": \"s\", day}",
                "{\"sensor_id\": \"s\"}",
                "{\"sensor_id\": \"s\", \"day\": \"yesterday\"}",
                "",
                "[1, 2]",
                "{\"sensor_id\": {\"a\": 1}, \"day\": \"2026-10-01\"}",
                "{\"sensor_id\": \"s\", \"day\": " + "\"2026-10-01\"} {}",
                KEY.formatted(9));
        // when
        Recorded out = run(streams(StreamProperties.defaults()), tokens(false), body);
        // then
        assertThat(out.lines).containsExactly(1L, 2L, 3L, 4L, 6L, 7L, 8L, 9L);
        assertThat(out.problems)
                .extracting(p -> p == null ? null : p.kind())
                .containsExactly(
                        null,
                        ProblemKind.MALFORMED_BODY,
                        ProblemKind.KEY_COMPONENTS,
                        ProblemKind.INVALID_KEY_VALUE,
                        ProblemKind.MALFORMED_BODY,
                        ProblemKind.MALFORMED_BODY,
                        ProblemKind.MALFORMED_BODY,
                        null);
        for (int i = 1; i < 7; i++) {
            Problem p = out.problems.get(i);
            assertThat(p.properties()).containsEntry("line", out.lines.get(i));
            assertThat(p.detail()).startsWith("line " + out.lines.get(i) + ": ");
        }
        assertThat(out.problems.get(2).detail()).contains("missing partition key column(s) [day]");
        assertThat(out.problems.get(5).detail()).contains("'sensor_id' is a JSON object");
        assertThat(out.problems.get(6).detail()).contains("more than one JSON value");
    }

    @Test
    void theRestOfABodyIsReadUpToItsBound() throws IOException {
        KeyStreams streams = streams(StreamProperties.defaults());
        // a rest within the bound is read to the body's end: the connection can carry the next request
        InputStream shortRest = new ByteArrayInputStream(new byte[KeyStreams.REST_BYTES]);
        assertThat(streams.readRest(shortRest)).isTrue();
        assertThat(shortRest.available()).isZero();
        // a longer one is not read whole: the server closes the connection (saying so while it can)
        InputStream longRest = new ByteArrayInputStream(new byte[2 * KeyStreams.REST_BYTES]);
        assertThat(streams.readRest(longRest)).isFalse();
        assertThat(longRest.available()).isPositive();
        // and nor is a rest that takes longer than its time
        InputStream slowRest = new InputStream() {
            @Override
            public int read() {
                clock.advance(Duration.ofMillis(KeyStreams.REST_MILLIS + 1));
                return 0;
            }
        };
        assertThat(streams.readRest(slowRest)).isFalse();
    }

    @Test
    void stopOnErrorEndsTheStreamAtTheFirstBadLine() throws IOException {
        String body = String.join("\n", KEY.formatted(1), "{\"sensor_id\": \"s\"}", KEY.formatted(3));
        Recorded out = run(streams(StreamProperties.defaults()), tokens(true), body);
        assertThat(out.lines).containsExactly(1L, 2L);
        assertThat(out.problems.get(1).kind()).isEqualTo(ProblemKind.KEY_COMPONENTS);
        assertThat(out.ended).isTrue();
    }

    @Test
    void aStreamPastItsLinesEndsWithTheBoundsProblem() throws IOException {
        // given at most 3 lines
        StreamProperties settings = new StreamProperties(3, Duration.ofMinutes(1), DataSize.ofKilobytes(64), 2);
        String body = String.join(
                "\n", KEY.formatted(1), KEY.formatted(2), KEY.formatted(3), KEY.formatted(4), KEY.formatted(5));
        // when
        Recorded out = run(streams(settings), tokens(false), body);
        // then lines 1-3 answered, line 4 is the 413 problem, and nothing after it
        assertThat(out.lines).containsExactly(1L, 2L, 3L, 4L);
        Problem last = out.problems.get(3);
        assertThat(last.kind()).isEqualTo(ProblemKind.STREAM_TOO_LONG);
        assertThat(last.status()).isEqualTo(413);
        assertThat(last.properties()).containsEntry("limit", 3L).containsEntry("line", 4L);
        assertThat(last.detail()).isEqualTo("the stream has more than 3 lines (ringmap.api.streams.max-lines)");
    }

    @Test
    void aStreamPastItsTimeEndsWithTheTimeoutProblem() throws IOException {
        // given a stream whose body keeps the clock moving past the timeout
        StreamProperties settings = new StreamProperties(1_000_000, Duration.ofSeconds(1), DataSize.ofKilobytes(64), 2);
        int lines = KeyStreams.BLOCK * 3;
        InputStream slow = new InputStream() {
            private final byte[] line = (KEY.formatted(1) + "\n").getBytes(StandardCharsets.UTF_8);
            private int sent;

            @Override
            public int read() {
                throw new UnsupportedOperationException();
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (sent == lines) {
                    return -1;
                }
                sent++;
                clock.advance(Duration.ofMillis(1)); // a line a millisecond
                System.arraycopy(line, 0, b, off, line.length);
                return line.length;
            }
        };
        KeyStreams streams = streams(settings);
        Recorded out = new Recorded();
        // when
        streams.answer(tokens(false), streams.lines(StreamFormat.NDJSON, slow), out, false);
        // then the first block past the second is answered, then the 408 problem ends the stream
        Problem last = out.problems.get(out.problems.size() - 1);
        assertThat(last.kind()).isEqualTo(ProblemKind.BODY_READ_TIMEOUT);
        assertThat(last.status()).isEqualTo(408);
        assertThat(last.detail()).isEqualTo("the stream did not end within 1000 ms (ringmap.api.streams.timeout)");
        assertThat(out.lines).hasSize(KeyStreams.BLOCK + 1);
        assertThat(out.lines.get(KeyStreams.BLOCK)).isEqualTo(KeyStreams.BLOCK + 1L);
    }

    @Test
    void aLineLongerThanTheLimitIsAnsweredInItsPlaceAndSkipped() throws IOException {
        StreamProperties settings = new StreamProperties(1000, Duration.ofMinutes(1), DataSize.ofBytes(256), 2);
        String body = String.join(
                "\n", KEY.formatted(1), "{\"sensor_id\": \"" + "x".repeat(100_000) + "\"}", KEY.formatted(3));
        Recorded out = run(streams(settings), tokens(false), body);
        assertThat(out.lines).containsExactly(1L, 2L, 3L);
        assertThat(out.problems.get(1).kind()).isEqualTo(ProblemKind.STREAM_TOO_LONG);
        assertThat(out.problems.get(1).detail())
                .isEqualTo("line 2 is longer than the 256 bytes allowed " + "(ringmap.api.streams.max-line-size)");
        assertThat(out.routes.get(2).keyByColumn()).containsEntry("sensor_id", "sensor-3");
    }

    @Test
    void csvNamesItsColumnsInAHeaderAndQuotesAsRfc4180() throws IOException {
        // given a header in the table's order reversed, quoted fields, an empty line and bad lines
        String body = String.join(
                        "\r\n",
                        "day,sensor_id",
                        "2026-10-01,sensor-1",
                        "2026-10-01,\"sensor,\"\"2\"\"\"",
                        "",
                        "2026-10-01",
                        "2026-10-01,\"open",
                        "2026-10-01,sen\"sor",
                        "\"2026-10-01\",sensor-8")
                + "\r\n";
        StreamRequest request = new StreamRequest("iot", "readings", false, null, false, false, StreamFormat.CSV);
        // when
        Recorded out = run(streams(StreamProperties.defaults()), request, body);
        // then
        assertThat(out.lines).containsExactly(2L, 3L, 5L, 6L, 7L, 8L);
        assertThat(out.routes.get(0).keyByColumn())
                .isEqualTo(new LinkedHashMap<>(Map.of("sensor_id", "sensor-1", "day", "2026-10-01")));
        assertThat(out.routes.get(1).keyByColumn()).containsEntry("sensor_id", "sensor,\"2\"");
        assertThat(out.problems.get(2).detail())
                .isEqualTo("line 5: 1 fields where the header names 2 " + "[day, sensor_id]");
        assertThat(out.problems.get(3).detail()).isEqualTo("line 6: a quoted field is not closed on its line");
        assertThat(out.problems.get(4).kind()).isEqualTo(ProblemKind.MALFORMED_BODY);
        assertThat(out.routes.get(5).keyByColumn()).containsEntry("sensor_id", "sensor-8");
        assertThat(out.routes.get(5).token())
                .isEqualTo(routing.route(
                                "iot",
                                "readings",
                                List.of(Map.of("sensor_id", "sensor-8", "day", "2026-10-01")),
                                false,
                                false)
                        .keys()
                        .get(0)
                        .token());
    }

    @Test
    void aBadCsvHeaderIsTheRequestsProblem() {
        KeyStreams streams = streams(StreamProperties.defaults());
        assertThatThrownBy(() -> streams.lines(StreamFormat.CSV, body("sensor_id,sensor_id\ns,2026-10-01\n")))
                .isInstanceOfSatisfying(
                        ProblemException.class,
                        e -> assertThat(e.problem().detail())
                                .isEqualTo(
                                        "line 1: the header names a column twice: [sensor_id, sensor_id] (the first line names the "
                                                + "key columns, e.g. sensor_id,day)"));
    }

    @Test
    void theTableAndDcAreCheckedBeforeAnyAnswer() throws IOException {
        KeyStreams streams = streams(StreamProperties.defaults());
        Recorded out = new Recorded();
        assertThatThrownBy(() -> streams.answer(
                        new StreamRequest("iot", "events", false, null, false, false, StreamFormat.NDJSON),
                        streams.lines(StreamFormat.NDJSON, body(KEY.formatted(1))),
                        out,
                        false))
                .isInstanceOfSatisfying(
                        ProblemException.class,
                        e -> assertThat(e.problem().kind()).isEqualTo(ProblemKind.UNKNOWN_TABLE));
        assertThatThrownBy(() -> streams.answer(
                        new StreamRequest("iot", "readings", true, "mars", false, false, StreamFormat.NDJSON),
                        streams.lines(StreamFormat.NDJSON, body(KEY.formatted(1))),
                        out,
                        false))
                .isInstanceOfSatisfying(
                        ProblemException.class,
                        e -> assertThat(e.problem().kind()).isEqualTo(ProblemKind.INVALID_PARAMETER));
        assertThat(out.router).isNull();
        assertThat(out.lines).isEmpty();
    }

    @Test
    void aBadValueIsLeftOutOfItsProblemWhereKeysAreHidden() throws IOException {
        KeyStreams hiding = new KeyStreams(routing, StreamProperties.defaults(), true, clock);
        Recorded out = run(hiding, tokens(false), "{\"sensor_id\": \"secret-7\", \"day\": \"yesterday\"}\n");
        Problem p = out.problems.get(0);
        assertThat(p.kind()).isEqualTo(ProblemKind.INVALID_KEY_VALUE);
        assertThat(p.detail()).doesNotContain("yesterday").startsWith("line 1: ");
        assertThat(p.properties()).doesNotContainKey("value").containsEntry("column", "day");
    }

    @Test
    void countsItsLinesAndEndsInactive() throws IOException {
        KeyStreams streams = streams(StreamProperties.defaults());
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < 2500; i++) {
            body.append(KEY.formatted(i)).append('\n');
        }
        run(streams, tokens(false), body.toString());
        assertThat(streams.linesAnswered()).isEqualTo(2500.0);
        assertThat(streams.active()).isZero();
    }

    /**
     * A stream of many blocks goes through both sides (reader and writer) in order, and each key counts once as a
     * hit, whichever side counted its block: here a writer slow at first, so that the reader waits and counts some.
     */
    @Test
    void manyBlocksKeepTheirOrderAndEachKeyCountsOnce() throws IOException {
        // given a routing service that records hits, and 20 blocks and a bit of keys, every 1,000th line bad
        Map<String, Integer> hits = new java.util.concurrent.ConcurrentHashMap<>();
        RoutingService counting = new RoutingService(
                WebTestSupport.ringFrom("/topology/default.yaml"),
                new io.ringmap.config.ApiProperties(10_000),
                (table, key, token, count, ring, replicas) ->
                        hits.merge(key.canonicalComponents().get(0), (int) count, Integer::sum),
                null);
        KeyStreams streams = new KeyStreams(counting, StreamProperties.defaults(), false, clock);
        int n = KeyStreams.BLOCK * 20 + 17;
        StringBuilder body = new StringBuilder();
        for (int i = 1; i <= n; i++) {
            body.append(i % 1000 == 0 ? "{\"sensor_id\": \"bad\"}" : KEY.formatted(i))
                    .append('\n');
        }
        Recorded out = new Recorded() {
            @Override
            public void answer(long line, KeyRoute route) {
                if (line < 3 * KeyStreams.BLOCK) {
                    // a slow start: the reader fills its blocks ahead and counts them itself
                    java.util.concurrent.locks.LockSupport.parkNanos(20_000);
                }
                super.answer(line, route);
            }
        };
        // when
        streams.answer(tokens(false), streams.lines(StreamFormat.NDJSON, body(body.toString())), out, true);
        // then every line in its order, bad ones in their place, and every key counted once
        assertThat(out.lines).hasSize(n);
        for (int i = 0; i < n; i++) {
            assertThat(out.lines.get(i)).isEqualTo(i + 1L);
            assertThat(out.problems.get(i) != null)
                    .as("line %d is a problem", i + 1)
                    .isEqualTo((i + 1) % 1000 == 0);
        }
        assertThat(hits)
                .hasSize(n - n / 1000)
                .allSatisfy((key, count) -> assertThat(count).as(key).isEqualTo(1));
        assertThat(streams.linesAnswered()).isEqualTo((double) n);
        assertThat(streams.active()).isZero();
    }
}
