package io.ringmap.conformance;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Predicate;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

/**
 * The one way the conformance tests wait for something: Awaitility, asking in the test's own thread from the first
 * instant on (so the printed "change -> answer" times stay close), failing with what was awaited and the last value
 * seen.
 */
final class Polling {

    private Polling() {
    }

    /**
     * Asks {@code poll} every {@code every} until its value meets {@code condition} and returns that value; after
     * {@code within} fails with {@code what} and the last value.
     */
    static <T> T until(String what, Duration within, Duration every, Callable<T> poll, Predicate<? super T> condition) {
        return until(what, within, every, poll, condition, String::valueOf);
    }

    /** As {@link #until(String, Duration, Duration, Callable, Predicate)}, showing the last value as {@code shown}. */
    static <T> T until(String what, Duration within, Duration every, Callable<T> poll, Predicate<? super T> condition,
            Function<? super T, String> shown) {
        AtomicReference<T> last = new AtomicReference<>();
        try {
            return Awaitility.await(what).atMost(within).pollDelay(Duration.ZERO).pollInterval(every)
                    .pollInSameThread()
                    .until(() -> {
                        T value = poll.call();
                        last.set(value);
                        return value;
                    }, condition::test);
        } catch (ConditionTimeoutException e) {
            throw new AssertionError(what + ": not within " + within + "; last: "
                    + (last.get() == null ? "none" : shown.apply(last.get())), e);
        }
    }

    /** Asks {@code check} every {@code every} until it is true; after {@code within} fails with {@code what}. */
    static void until(String what, Duration within, Duration every, Callable<Boolean> check) {
        until(what, within, every, check, Boolean::booleanValue);
    }
}
