package io.ringmap.topology;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.net.ssl.SSLException;

/**
 * Why the driver could not reach the cluster, in words an operator acts on (connection refused, timed out, unknown
 * host, no route, TLS handshake, authentication) and without exception class names, which problem details and health
 * must not carry.
 */
final class ConnectionErrors {

    /** {@code some.package.SomeException: } prefixes inside messages. */
    private static final Pattern CLASS_NAME =
            Pattern.compile("\\b(?:[a-z_$][\\w$]*\\.)+[A-Z][\\w$]*(?:Exception|Error)\\b:?\\s*");

    static final String NO_REASON = "the driver gave no reason";

    private ConnectionErrors() {}

    /** What went wrong; for a failed connection, per node. */
    static String message(Throwable e) {
        Throwable cause = e;
        while ((cause instanceof ExecutionException || cause instanceof CompletionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof AllNodesFailedException all) {
            // its message lists driver exception class names: keep problem details free of them, but say per node
            // why it failed (authentication, TLS handshake, refused connection), which is what an operator needs
            return "no node answered: "
                    + all.getAllErrors().entrySet().stream()
                            .map(n -> n.getKey().getEndPoint().toString().replaceFirst("^/", "") + ": "
                                    + (n.getValue().isEmpty()
                                            ? "no reason given"
                                            : reason(n.getValue().get(0))))
                            .sorted()
                            .collect(Collectors.joining("; "));
        }
        return reason(cause);
    }

    /**
     * What went wrong, without exception class names. Authentication and TLS failures are named as such; a failure
     * to open the connection is named by its socket error, which the driver keeps only as a suppressed exception
     * (a refused connection reaches it as a closed channel without a message).
     */
    static String reason(Throwable error) {
        List<Throwable> causes = causes(error);
        if (causes.stream().anyMatch(AuthenticationException.class::isInstance)) {
            return "authentication failed: " + clean(error.getMessage());
        }
        String deepest = clean(deepestInChain(error).getMessage());
        if (causes.stream().anyMatch(SSLException.class::isInstance)) {
            return "TLS handshake failed: " + deepest;
        }
        for (Throwable t : causes) {
            String socket = socketError(t);
            if (socket != null) {
                return socket;
            }
        }
        return deepest;
    }

    /** The socket-level failure {@code t} stands for, or null. */
    private static String socketError(Throwable t) {
        String message = t.getMessage() == null ? "" : t.getMessage();
        // before ConnectException: the transport's connect timeout is one
        if (t instanceof SocketTimeoutException || t.getClass().getSimpleName().endsWith("ConnectTimeoutException")) {
            return "connection timed out";
        }
        if (t instanceof UnknownHostException) {
            return "unknown host" + (message.isBlank() ? "" : " " + clean(message));
        }
        if (t instanceof NoRouteToHostException) {
            return "no route to host";
        }
        if (t instanceof ConnectException) {
            return message.toLowerCase(java.util.Locale.ROOT).contains("refused")
                    ? "connection refused"
                    : "cannot open a connection" + (message.isBlank() ? "" : ": " + clean(message));
        }
        return null;
    }

    private static Throwable deepestInChain(Throwable error) {
        Throwable deepest = error;
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            deepest = t;
        }
        return deepest;
    }

    /** The causes and suppressed exceptions of {@code error}, itself first, each once. */
    private static List<Throwable> causes(Throwable error) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        List<Throwable> all = new ArrayList<>();
        List<Throwable> pending = new ArrayList<>(List.of(error));
        while (!pending.isEmpty()) {
            Throwable t = pending.remove(0);
            if (t == null || !seen.add(t)) {
                continue;
            }
            all.add(t);
            pending.add(t.getCause());
            pending.addAll(List.of(t.getSuppressed()));
        }
        return all;
    }

    private static String clean(String message) {
        return message == null || message.isBlank()
                ? NO_REASON
                : CLASS_NAME.matcher(message).replaceAll("");
    }
}
