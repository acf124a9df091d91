package io.ringmap.web.errors;

import io.ringmap.problem.Problem;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs requests rejected for the client's own mistake (malformed HTTP, broken encodings, oversized requests): one WARN
 * line each, never a stack trace, and at most {@code maxLines} per {@code interval}; what is held back is counted and
 * summed up in one line when the next interval starts, so garbage traffic cannot flood the logs.
 */
public final class ClientErrorLog {

    private static final Logger log = LoggerFactory.getLogger(ClientErrorLog.class);
    private static final int MAX_DETAIL = 300;

    private final Clock clock;
    private final int maxLines;
    private final Duration interval;
    private final Logger target;

    private Instant windowStart;
    private int logged;
    private long suppressed;

    public ClientErrorLog(Clock clock, int maxLines, Duration interval) {
        this(clock, maxLines, interval, log);
    }

    ClientErrorLog(Clock clock, int maxLines, Duration interval, Logger target) {
        if (maxLines < 1 || interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("maxLines must be at least 1 and the interval positive");
        }
        this.clock = clock;
        this.maxLines = maxLines;
        this.interval = interval;
        this.target = target;
        this.windowStart = clock.instant();
    }

    /** Records one request answered with {@code problem}; logs it unless this interval's lines are used up. */
    public void rejected(Problem problem, String method, String path) {
        rejected(problem.status(), problem.kind().type().toString(), method, path, problem.detail());
    }

    /** Records one rejected request; logs it unless this interval's lines are used up. */
    public void rejected(int status, String type, String method, String path, String detail) {
        if (!target.isWarnEnabled()) {
            return;
        }
        long held;
        boolean write;
        synchronized (this) {
            Instant now = clock.instant();
            held = 0;
            if (!now.isBefore(windowStart.plus(interval))) {
                held = suppressed;
                suppressed = 0;
                logged = 0;
                windowStart = now;
            }
            write = logged < maxLines;
            if (write) {
                logged++;
            } else {
                suppressed++;
            }
        }
        if (held > 0) {
            target.warn(
                    "{} more rejected client requests were not logged in the previous {} (at most {} lines per "
                            + "interval)",
                    held,
                    interval,
                    maxLines);
        }
        if (write) {
            target.warn(
                    "rejected client request {} {}: {} {} - {}",
                    clean(method),
                    clean(withoutParameters(path)),
                    status,
                    type,
                    clean(detail));
        }
    }

    /** Requests rejected but not logged since the current interval began. */
    public synchronized long suppressed() {
        return suppressed;
    }

    /**
     * The path without its path parameters ({@code /a;name=value/b} as {@code /a;name/b}): their values, like query
     * values, may be partition keys and are never logged.
     */
    static String withoutParameters(String path) {
        if (path == null || path.indexOf(';') < 0) {
            return path;
        }
        StringBuilder out = new StringBuilder(path.length());
        boolean inValue = false;
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c == '/' || c == ';') {
                inValue = false;
            } else if (c == '=' && !inValue && path.lastIndexOf(';', i) > path.lastIndexOf('/', i)) {
                inValue = true;
                continue;
            }
            if (!inValue) {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** Log lines carry no control characters (no forged lines) and no unbounded client text. */
    private static String clean(String s) {
        if (s == null) {
            return "-";
        }
        StringBuilder out = new StringBuilder(Math.min(s.length(), MAX_DETAIL));
        for (int i = 0; i < s.length() && out.length() < MAX_DETAIL; i++) {
            char c = s.charAt(i);
            out.append(Character.isISOControl(c) ? '?' : c);
        }
        return s.length() > MAX_DETAIL ? out + "..." : out.toString();
    }
}
