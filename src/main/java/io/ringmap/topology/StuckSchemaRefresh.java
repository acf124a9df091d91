package io.ringmap.topology;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Watches the driver's schema refresh for a driver defect: a schema refresh that starts while the control connection
 * is closed or reconnecting (a restarted or stopped node, the whole cluster down) fails in
 * {@code MetadataManager.SingleThreaded.startSchemaRequest} before its clean-up runs, so {@code currentSchemaRefresh}
 * is never reset: the refresh stays "current" forever and every later schema refresh of that session, from events and
 * from {@code refreshSchemaAsync()} alike, is queued behind it and never runs. The session keeps its old schema for good
 * while its token map and node states stay live. Reported as scylladb/java-driver#841 (fixed there by #842, in the
 * ScyllaDB fork only); the Apache driver ringmap uses (4.19.3 checked) still has it. A refresh still unfinished after
 * {@link #stuckAfter} gets the session replaced ({@link ClusterSessions#replace}).
 * <p>Delete this class, the replacement and their tests once the Apache driver resets the current refresh on that
 * path too: {@code SchemaRefreshAfterOutageIT} passing without a session replacement shows it.
 * <p>Topology thread only.
 */
final class StuckSchemaRefresh {

    /** What the last schema refresh asked for came to. */
    sealed interface Outcome {}

    /** Completed: the driver's schema is current. */
    record Done() implements Outcome {}

    /** Failed (the cluster is unreachable, or the defect has just struck): look again after a while. */
    record Failed(String reason) implements Outcome {}

    /** Still running, not yet for long enough to call it stuck: look again after {@code checkAgainIn}. */
    record Running(Duration checkAgainIn) implements Outcome {}

    /** Running for longer than a working driver can take: the session must be replaced. */
    record Stuck(Duration pending) implements Outcome {}

    private CompletableFuture<?> refresh;
    private long askedAt;

    /**
     * Asks the driver for a schema refresh, unless the one asked for last is still running, and waits for it: up to
     * {@code wait} for a refresh asked for now, so the rebuild that follows has its schema; not at all for an older one.
     */
    Outcome check(CqlSession s, Duration wait) throws InterruptedException {
        CompletableFuture<?> current = refresh;
        boolean asked = current == null || current.isDone();
        if (asked) {
            current = s.refreshSchemaAsync().toCompletableFuture();
            refresh = current;
            askedAt = System.nanoTime();
        }
        try {
            current.get(asked ? wait.toMillis() : 0, TimeUnit.MILLISECONDS);
            return new Done();
        } catch (ExecutionException | RuntimeException e) {
            return new Failed(e.toString());
        } catch (TimeoutException e) {
            Duration pending = Duration.ofNanos(System.nanoTime() - askedAt);
            Duration limit = stuckAfter(s);
            return pending.compareTo(limit) > 0
                    ? new Stuck(pending)
                    : new Running(limit.minus(pending).plusMillis(100));
        }
    }

    /** Forgets the refresh asked for last: the session it belonged to was replaced. */
    void forget() {
        refresh = null;
    }

    /**
     * How long a schema refresh of a working driver can take at most: the schema agreement wait (its last query may
     * start just before the deadline), then the schema queries; twice, for a refresh already running and the one
     * queued behind it; and a second to spare.
     */
    static Duration stuckAfter(CqlSession s) {
        return stuckAfter(s.getContext().getConfig().getDefaultProfile());
    }

    static Duration stuckAfter(DriverExecutionProfile profile) {
        Duration agreement = profile.getDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_TIMEOUT)
                .plus(profile.getDuration(DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT));
        Duration queries = profile.getDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT);
        return agreement.plus(queries).multipliedBy(2).plusSeconds(1);
    }

    /**
     * Whether a replacement session's schema was loaded: Cassandra always has keyspaces (system ones at least, and
     * ringmap's driver settings refresh them), so a new session without any, beside a stuck one with some, had its
     * first schema load fail. A stuck session without keyspaces (a keyspace filter matching none) accepts any.
     */
    static boolean schemaLoaded(int freshKeyspaces, int stuckKeyspaces) {
        return freshKeyspaces > 0 || stuckKeyspaces == 0;
    }
}
