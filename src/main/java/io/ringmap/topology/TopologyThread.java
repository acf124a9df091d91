package io.ringmap.topology;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The one thread the live source does everything on (connecting, rebuilding, checking the schema refresh), so its
 * state needs no locks. A task given after {@link #shutdown()} is dropped: every method says whether it was taken.
 */
final class TopologyThread {

    private final ScheduledThreadPoolExecutor executor;

    TopologyThread() {
        this.executor = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "ringmap-topology");
            t.setDaemon(true);
            return t;
        });
        this.executor.setRemoveOnCancelPolicy(true);
        this.executor.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    }

    /** Runs {@code task} on the thread; false when shutting down. */
    boolean execute(Runnable task) {
        try {
            executor.execute(task);
            return true;
        } catch (RejectedExecutionException e) {
            return false;
        }
    }

    /** Runs {@code task} after {@code delay}; false when shutting down. */
    boolean schedule(Runnable task, Duration delay) {
        try {
            executor.schedule(task, delay.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (RejectedExecutionException e) {
            return false;
        }
    }

    /** Runs {@code task} every {@code every}, the first time after one interval. */
    void every(Duration every, Runnable task) {
        executor.scheduleWithFixedDelay(task, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Runs {@code task} on the thread and waits for it up to {@code timeout}. */
    void runAndWait(Runnable task, Duration timeout) throws InterruptedException, ExecutionException, TimeoutException {
        executor.submit(task).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    void shutdown() {
        executor.shutdownNow();
    }

    /** {@code task} run once after a delay however often it is asked for meanwhile (a burst of events, one run). */
    Coalesced coalesced(Runnable task) {
        return new Coalesced(task);
    }

    /** A task that runs at most once per wait; see {@link #coalesced}. */
    final class Coalesced {

        private final Runnable task;
        private final AtomicBoolean pending = new AtomicBoolean();

        private Coalesced(Runnable task) {
            this.task = task;
        }

        /** Runs the task after {@code delay}, unless a run is already waiting. */
        void request(Duration delay) {
            if (pending.compareAndSet(false, true)
                    && !schedule(
                            () -> {
                                pending.set(false);
                                task.run();
                            },
                            delay)) {
                pending.set(false);
            }
        }
    }
}
