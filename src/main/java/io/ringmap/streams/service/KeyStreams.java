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
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Answers streamed batches: reads a body of keys line by line, routes each through the one key path
 * ({@link RoutingService#router}, as a batch does) and writes its answer, at most a few blocks of lines behind the
 * reading, so a stream of any length needs the memory of those blocks and one answer buffer, and a client that stops
 * reading holds the stream up (back-pressure through the socket). A bad line is answered in its place; a stream past its bounds
 * ({@code ringmap.api.streams}) ends with the bound's problem in place of the next line. A client that goes away ends
 * the work at the next write that fails.
 */
public class KeyStreams implements MeterBinder, AutoCloseable {

    /** Lines the reader hands the writer at a time, counted as hits and as work done together: bounds the memory. */
    static final int BLOCK = 1024;

    /** Blocks read ahead of the writer at most. */
    static final int AHEAD = 4;

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
    /** A reader thread per running stream (their number is bounded by {@code ringmap.api.streams.max-concurrent}). */
    private final ExecutorService readers = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "ringmap-stream-reader");
        t.setDaemon(true);
        return t;
    });

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
     * <p>Two threads share the work: a reader (from this service's pool) reads, parses and routes the lines into
     * blocks of up to {@value #BLOCK}, and the calling thread writes their answers and counts them, so a stream uses
     * a second core while the client's sending and the answers' writing wait on each other. At most {@value #AHEAD}
     * blocks wait between them (memory stays bounded; a client that stops reading stops the reader too). A block goes
     * over early when the client sends no more for now, and the writer then sends what it has answered. The reader
     * has ended when this returns, so the body is read by one thread at a time.
     *
     * @param countHits whether the keys count as hot-key hits (decided at the web edge, as for a batch)
     * @throws IOException when the client went away (reading or writing), ending the work
     */
    public void answer(StreamRequest request, KeyLines keys, StreamAnswers answers, boolean countHits)
            throws IOException {
        KeyRouter router = routing.router(request.keyspace(), request.table(), request.replicas());
        RoutingService.requireDatacenter(router.snapshot().tokenRing(), request.dc());
        BlockingQueue<Block> handed = new ArrayBlockingQueue<>(AHEAD);
        AtomicBoolean stopped = new AtomicBoolean();
        active.incrementAndGet();
        try {
            answers.start(router);
            Future<?> reader = readers.submit(() -> read(request, keys, router, countHits, handed, stopped));
            try {
                write(answers, router, countHits, handed);
            } finally {
                stopped.set(true);
                handed.clear(); // a reader waiting to hand a block over sees the stop
                awaitReader(reader);
            }
            answers.end();
        } finally {
            active.decrementAndGet();
        }
    }

    /**
     * The writer's side: every block's answers in order, its lines counted as answered once written, and its keys as
     * hits when the reader left that to the writer.
     */
    private void write(StreamAnswers answers, KeyRouter router, boolean countHits, BlockingQueue<Block> handed)
            throws IOException {
        boolean unsent = false;
        while (true) {
            Block block = handed.poll();
            if (block == null) {
                if (unsent) {
                    answers.flush(); // nothing more for now: what is answered goes out
                    unsent = false; // (not before the first answer: the headers could still change)
                }
                block = take(handed);
            }
            unsent |= block.size > 0;
            int answeredLines = 0;
            try {
                for (int i = 0; i < block.size; i++) {
                    if (block.items[i] instanceof KeyRoute route) {
                        answers.answer(block.lines[i], route);
                    } else {
                        answers.problem(block.lines[i], (Problem) block.items[i]);
                    }
                    if (block.isLine[i]) {
                        answeredLines++;
                    }
                }
            } finally {
                lines.add(answeredLines); // what was answered, also when the client left
            }
            if (countHits && !block.counted) {
                count(router, block);
            }
            if (block.failure != null) {
                if (block.failure instanceof IOException e) {
                    throw e;
                }
                throw (RuntimeException) block.failure;
            }
            if (block.last) {
                return;
            }
        }
    }

    /**
     * The reader's side: lines to routes or problems, handed over in blocks (the last one says so). A block's keys
     * count as hits when it is handed over, as a batch's count once routed, before their answers are written.
     */
    private void read(
            StreamRequest request,
            KeyLines keys,
            KeyRouter router,
            boolean countHits,
            BlockingQueue<Block> handed,
            AtomicBoolean stopped) {
        long deadline = clock.millis() + settings.timeout().toMillis();
        long answered = 0;
        Block block = new Block();
        try {
            while (!stopped.get()) {
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
                    block.add(line, ended.with("line", line), false);
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
                block.add(line, route != null ? route : problemOf(bad, line), true);
                if (route == null && request.stopOnError()) {
                    break;
                }
                if (++answered % BLOCK == 0 && clock.millis() > deadline) {
                    block.add(line + 1, settings.timedOut().with("line", line + 1), false);
                    break;
                }
                if (block.size == BLOCK || !keys.ready()) { // full, or the client sends no more for now
                    if (!hand(handed, block, router, countHits, stopped)) {
                        return;
                    }
                    block = new Block();
                }
            }
        } catch (IOException | RuntimeException e) {
            block.failure = e;
        }
        block.last = true;
        hand(handed, block, router, countHits, stopped);
    }

    /**
     * Hands a block to the writer, waiting while {@value #AHEAD} wait already, unless the stream was stopped. Its
     * keys count as hits (when they count) on whichever side has time: here when the writer is behind (this side
     * would wait anyway), else on the writer's once answered; either way once, as a batch's keys count once routed. A
     * failure to count ends the stream with this block.
     *
     * @return whether the reader reads on
     */
    private static boolean hand(
            BlockingQueue<Block> handed, Block block, KeyRouter router, boolean countHits, AtomicBoolean stopped) {
        if (countHits && handed.remainingCapacity() == 0) {
            try {
                count(router, block);
            } catch (RuntimeException e) {
                block.failure = block.failure == null ? e : block.failure;
                block.last = true;
            }
        }
        try {
            while (!stopped.get() && !handed.offer(block, 100, TimeUnit.MILLISECONDS)) {
                // the writer is behind (a client reading slowly): wait, looking at the stop now and then
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        return !block.last && !stopped.get();
    }

    /** Counts the block's keys as hits, once. */
    private static void count(KeyRouter router, Block block) {
        block.counted = true;
        List<KeyRoute> routes = new ArrayList<>(block.size);
        for (int i = 0; i < block.size; i++) {
            if (block.items[i] instanceof KeyRoute route) {
                routes.add(route);
            }
        }
        router.count(routes);
    }

    private static Block take(BlockingQueue<Block> handed) throws IOException {
        try {
            return handed.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while waiting for the stream's next lines");
        }
    }

    /** Waits for the reader to end: it stops at its next line, or when its read fails or reaches its deadline. */
    private static void awaitReader(Future<?> reader) {
        boolean interrupted = false;
        while (true) {
            try {
                reader.get();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            } catch (ExecutionException e) {
                break; // the reader hands its failures over in its last block; nothing escapes it
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Up to {@value #BLOCK} lines as the reader hands them to the writer: each a route or a problem, in order. */
    private static final class Block {
        final long[] lines = new long[BLOCK + 1];
        final Object[] items = new Object[BLOCK + 1]; // one more: a bound's problem after a full block
        /** Whether the item answers a line of the body (a key or a bad line), which the work counter counts. */
        final boolean[] isLine = new boolean[BLOCK + 1];

        int size;
        /** Whether its keys were counted as hits already (by the reader). */
        boolean counted;

        boolean last;
        Throwable failure;

        void add(long line, Object item, boolean answersALine) {
            lines[size] = line;
            items[size] = item;
            isLine[size++] = answersALine;
        }
    }

    /** Stops the readers' pool (at the context's end; a stream still running ends with its request). */
    @Override
    public void close() {
        readers.shutdownNow();
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
