package io.ringmap.topology;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import com.datastax.oss.driver.api.core.connection.ConnectionInitException;
import com.datastax.oss.driver.api.core.metadata.EndPoint;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.NoRouteToHostException;
import java.net.SocketAddress;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

/**
 * The reasons health and logs give for a failed connection: named as an operator acts on them, never an exception
 * class name. The driver reports a refused connection as a closed channel without a message and keeps the socket
 * error as a suppressed exception (seen with driver 4.19.3 against a closed loopback port).
 */
class ConnectionErrorsTest {

    @Test
    void namesARefusedConnectionTheDriverKeepsOnlyAsASuppressedError() {
        assertThat(ConnectionErrors.reason(closedChannel(new ConnectException("Connection refused: /127.0.0.1:9042"))))
                .isEqualTo("connection refused");
    }

    @Test
    void namesTimeoutsUnknownHostsAndMissingRoutes() {
        assertThat(ConnectionErrors.reason(closedChannel(new SocketTimeoutException("connect timed out"))))
                .isEqualTo("connection timed out");
        assertThat(ConnectionErrors.reason(closedChannel(new ConnectTimeoutException("after 5000 ms"))))
                .isEqualTo("connection timed out");
        assertThat(ConnectionErrors.reason(closedChannel(new UnknownHostException("cassandra-0.db"))))
                .isEqualTo("unknown host cassandra-0.db");
        assertThat(ConnectionErrors.reason(closedChannel(new NoRouteToHostException("No route to host"))))
                .isEqualTo("no route to host");
    }

    @Test
    void namesAuthenticationAndTlsFailuresFirst() {
        EndPoint node = new EndPoint() {
            @Override
            public SocketAddress resolve() {
                return InetSocketAddress.createUnresolved("127.0.0.1", 9042);
            }

            @Override
            public String asMetricPrefix() {
                return "127_0_0_1:9042";
            }
        };
        assertThat(ConnectionErrors.reason(
                        new AuthenticationException(node, "Provided username x and/or password are incorrect")))
                .startsWith("authentication failed: ")
                .contains("are incorrect")
                .doesNotContain("Exception");
        ConnectionInitException tls =
                new ConnectionInitException("[s0] TLS", new SSLHandshakeException("PKIX path building failed"));
        assertThat(ConnectionErrors.reason(tls)).isEqualTo("TLS handshake failed: PKIX path building failed");
    }

    @Test
    void saysTheDriverGaveNoReasonWhenNothingNamesOne() {
        assertThat(ConnectionErrors.reason(new IllegalStateException())).isEqualTo("the driver gave no reason");
        assertThat(ConnectionErrors.reason(new IllegalStateException("io.netty.channel.SomeException: broken")))
                .isEqualTo("broken");
    }

    /** What the driver throws when the channel closes during the handshake, the socket error suppressed on it. */
    private static ConnectionInitException closedChannel(Exception socketError) {
        ConnectionInitException e = new ConnectionInitException(
                "[s0|control|connecting...] Protocol initialization "
                        + "request, step 1 (OPTIONS): failed to send request (io.netty.channel.StacklessClosedChannelException)",
                new IllegalStateException());
        e.addSuppressed(socketError);
        return e;
    }

    /** Named as the transport's connect timeout is (a ConnectException subclass). */
    private static final class ConnectTimeoutException extends ConnectException {
        ConnectTimeoutException(String message) {
            super(message);
        }
    }
}
