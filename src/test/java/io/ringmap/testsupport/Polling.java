package io.ringmap.testsupport;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Predicate;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

/**
 * The one way tests wait for something: Awaitility, asking in the test's own thread from the first instant on (so the
 * printed "change -> answer" times stay close), failing with what was awaited and the last value seen.
 */
public final class Polling {

    /**
     * How soon ringmap promises to show a change of the live cluster (README: a node's state or a schema change
     * within 10 s).
     */
    public static final Duration PROMISE = Duration.ofSeconds(10);

    private Polling() {}

    /**
     * Asks {@code poll} every {@code every} until its value meets {@code condition} and returns that value; after
     * {@code within} fails with {@code what} and the last value.
     */
    public static <T> T until(
            String what, Duration within, Duration every, Callable<T> poll, Predicate<? super T> condition) {
        return until(what, within, every, poll, condition, String::valueOf);
    }

    /** As {@link #until(String, Duration, Duration, Callable, Predicate)}, showing the last value as {@code shown}. */
    public static <T> T until(
            String what,
            Duration within,
            Duration every,
            Callable<T> poll,
            Predicate<? super T> condition,
            Function<? super T, String> shown) {
        AtomicReference<T> last = new AtomicReference<>();
        try {
            return await(what, within, every, poll, condition, last);
        } catch (ConditionTimeoutException e) {
            throw new AssertionError(
                    what + ": not within " + within + "; last: "
                            + (last.get() == null ? "none" : shown.apply(last.get())),
                    e);
        }
    }

    /** Asks {@code check} every {@code every} until it is true; after {@code within} fails with {@code what}. */
    public static void until(String what, Duration within, Duration every, Callable<Boolean> check) {
        until(what, within, every, check, Boolean::booleanValue);
    }

    /**
     * Asks {@code poll} every {@code every} until its value meets {@code condition} or {@code within} has passed, and
     * returns the last value either way: for a caller that reports or asserts the outcome itself.
     */
    public static <T> T atMost(Duration within, Duration every, Callable<T> poll, Predicate<? super T> condition) {
        AtomicReference<T> last = new AtomicReference<>();
        try {
            return await("a value that meets the condition", within, every, poll, condition, last);
        } catch (ConditionTimeoutException e) {
            return last.get();
        }
    }

    // asks in the caller's thread from the first instant on, keeping the last value in last
    private static <T> T await(
            String what,
            Duration within,
            Duration every,
            Callable<T> poll,
            Predicate<? super T> condition,
            AtomicReference<T> last) {
        return Awaitility.await(what)
                .atMost(within)
                .pollDelay(Duration.ZERO)
                .pollInterval(every)
                .pollInSameThread()
                .until(
                        () -> {
                            T value = poll.call();
                            last.set(value);
                            return value;
                        },
                        condition::test);
    }

    /**
     * Holds the test for {@code duration} on purpose (a step that must last, not a wait for a condition: those use
     * {@link #until}).
     */
    public static void hold(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
