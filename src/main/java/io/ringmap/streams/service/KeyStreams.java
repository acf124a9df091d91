package io.ringmap.streams.service;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.ringmap.config.StreamFormat;
import io.ringmap.config.StreamProperties;
import io.ringmap.problem.Problem;
import io.ringmap.problem.ProblemException;
import io.ringmap.problem.ProblemKind;
import io.ringmap.routing.KeyRoute;
import io.ringmap.routing.KeyRouter;
import io.ringmap.routing.RoutingService;
import io.ringmap.schema.InvalidKeyValueException;
import java.io.IOException;
import java.io.InputStream;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Answers streamed batches: reads a body of keys line by line, routes each through the one key path
 * ({@link RoutingService#router}, as a batch does) and writes its answer before reading on, so a stream of any length
 * needs the memory of one line and one answer buffer, and a client that stops reading holds the stream up
 * (back-pressure through the socket). A bad line is answered in its place; a stream past its bounds
 * ({@code ringmap.api.streams}) ends with the bound's problem in place of the next line. A client that goes away ends
 * the work at the next write that fails.
 */
public class KeyStreams implements MeterBinder {

    /** Keys counted as hits (and as work done) together: bounds the memory held for counting. */
    static final int BLOCK = 1024;

    /** The most of a body's rest read after its stream ended early, to keep the connection (Tomcat swallows 2 MiB). */
    static final int REST_BYTES = 1024 * 1024;

    /** The longest time spent reading a body's rest after its stream ended early. */
    static final int REST_MILLIS = 1000;

    private final RoutingService routing;
    private final StreamProperties settings;
    private final boolean hideKeyValues;
    private final Clock clock;
    private final LongAdder lines = new LongAdder();
    private final AtomicInteger active = new AtomicInteger();

    /**
     * @param hideKeyValues leave key values out of a bad line's problem, as the problem handler does for a request's
     *                      (hot keys exported hashed and clear keys hidden: {@code HotKeysProperties.clearKeysShown()})
     */
    public KeyStreams(RoutingService routing, StreamProperties settings, boolean hideKeyValues, Clock clock) {
        this.routing = routing;
        this.settings = settings;
        this.hideKeyValues = hideKeyValues;
        this.clock = clock;
    }

    /** {@code ringmap.streams.lines} and {@code ringmap.streams.active} (bound by Spring Boot, a MeterBinder bean). */
    @Override
    public void bindTo(MeterRegistry registry) {
        FunctionCounter.builder("ringmap.streams.lines", lines, LongAdder::doubleValue)
                .description("Lines of streamed batches answered")
                .baseUnit("lines")
                .register(registry);
        Gauge.builder("ringmap.streams.active", active, AtomicInteger::get)
                .description("Streamed batches in progress")
                .register(registry);
    }

    /** The lines of {@code body} in {@code format}. */
    public KeyLines lines(StreamFormat format, InputStream body) throws IOException {
        int maxLine = (int) settings.maxLineSize().toBytes();
        return format == StreamFormat.CSV
                ? new CsvKeyLines(body, maxLine).readHeader()
                : new NdjsonKeyLines(body, maxLine);
    }

    /**
     * Answers every line of {@code keys} to {@code answers}. The table, the placement and {@code dc} are checked
     * before anything is answered (a problem of theirs is the request's, thrown); after that every problem is
     * answered in place.
     *
     * @param countHits whether the keys count as hot-key hits (decided at the web edge, as for a batch)
     * @throws IOException when the client went away (reading or writing), ending the work
     */
    public void answer(StreamRequest request, KeyLines keys, StreamAnswers answers, boolean countHits)
            throws IOException {
        KeyRouter router = routing.router(request.keyspace(), request.table(), request.replicas());
        RoutingService.requireDatacenter(router.snapshot().tokenRing(), request.dc());
        long deadline = clock.millis() + settings.timeout().toMillis();
        List<KeyRoute> block = new ArrayList<>(countHits ? BLOCK : 0);
        int inBlock = 0;
        active.incrementAndGet();
        try {
            answers.start(router);
            while (true) {
                Problem ended = null;
                try {
                    if (!keys.next()) {
                        break;
                    }
                } catch (IOException e) {
                    if (!(e instanceof ProblemException bound)) {
                        throw e;
                    }
                    ended = bound.problem(); // a body bound ended the read: answered as the stream's last line
                }
                long line = keys.line() + (ended == null ? 0 : 1);
                if (ended == null && line > settings.maxLines()) {
                    ended = ProblemKind.STREAM_TOO_LONG
                            .problem("the stream has more than " + settings.maxLines()
                                    + " lines (ringmap.api.streams.max-lines)")
                            .with("limit", settings.maxLines());
                }
                if (ended != null) {
                    answers.problem(line, ended.with("line", line));
                    break;
                }
                RuntimeException bad = keys.error();
                KeyRoute route = null;
                if (bad == null) {
                    try {
                        route = router.route(keys.key());
                    } catch (RuntimeException e) {
                        bad = e;
                    }
                }
                if (route != null) {
                    answers.answer(line, route);
                    if (countHits) {
                        block.add(route);
                    }
                } else {
                    answers.problem(line, problemOf(bad, line));
                    if (request.stopOnError()) {
                        break;
                    }
                }
                if (++inBlock == BLOCK) {
                    inBlock = 0;
                    done(router, block, BLOCK);
                    if (clock.millis() > deadline) {
                        answers.problem(line + 1, settings.timedOut().with("line", line + 1));
                        break;
                    }
                }
                if (!keys.ready()) {
                    answers.flush(); // the client sends no more for now: what is answered goes out
                }
            }
            answers.end();
        } finally {
            done(router, block, inBlock);
            active.decrementAndGet();
        }
    }

    private void done(KeyRouter router, List<KeyRoute> block, int lineCount) {
        lines.add(lineCount);
        router.count(block);
        block.clear();
    }

    /** The problem of a bad line, naming the line. */
    private Problem problemOf(RuntimeException bad, long line) {
        Problem problem = hideKeyValues && bad instanceof InvalidKeyValueException key
                ? key.problemWithoutValue()
                : bad instanceof ProblemException p
                        ? p.problem()
                        : ProblemKind.INVALID_PARAMETER.problem(bad.getMessage());
        return problem.properties().containsKey("line")
                ? problem
                : problem.withDetail("line " + line + ": " + problem.detail()).with("line", line);
    }

    /**
     * Reads and drops what is left of a stream's (raw) body after its answers, about {@value #REST_BYTES} bytes and
     * for at most {@value #REST_MILLIS} ms (each read bounded by the body-read deadline), so that a connection can
     * carry the next request. True when the body's end was reached; false when more is left than that bound (the
     * server then closes the connection).
     */
    public boolean readRest(InputStream raw) {
        long deadline = clock.millis() + REST_MILLIS;
        byte[] drop = new byte[8192];
        long read = 0;
        try {
            while (read <= REST_BYTES && clock.millis() <= deadline) {
                int n = raw.read(drop);
                if (n < 0) {
                    return true;
                }
                read += n;
            }
        } catch (IOException e) {
            // the client went away or stopped sending: the connection cannot be kept either way
        }
        return false;
    }

    /** Streamed batches in progress. */
    public int active() {
        return active.get();
    }

    /** Lines answered by streams so far (counted per block of {@value #BLOCK} and at each stream's end). */
    public double linesAnswered() {
        return lines.doubleValue();
    }
}
