package io.ringmap.topology;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * Opens JMX connections to Cassandra nodes as nodetool does (RMI, optional credentials and TLS), with the settings
 * given: one way to reach a node's JMX for every reader (sizes, ranges in motion).
 */
public final class JmxConnections {

    private JmxConnections() {}

    /** Opens a connection to the JMX of the node at {@code address} (the caller closes it). */
    // JMX over RMI looks the connector up by JNDI, as nodetool does; the URL names a node of the configured cluster
    // only
    @SuppressWarnings("BanJNDI")
    public static JMXConnector open(JmxSettings settings, String address) throws IOException {
        JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://" + hostLiteral(settings.hostFor(address))
                + ":" + settings.portFor(address) + "/jmxrmi");
        Map<String, Object> env = new HashMap<>();
        if (settings.username() != null && !settings.username().isEmpty()) {
            env.put(
                    JMXConnector.CREDENTIALS,
                    new String[] {settings.username(), settings.password() == null ? "" : settings.password()});
        }
        if (settings.ssl()) {
            env.put("com.sun.jndi.rmi.factory.socket", new javax.rmi.ssl.SslRMIClientSocketFactory());
        }
        return JMXConnectorFactory.connect(url, env);
    }

    private static String hostLiteral(String host) {
        return host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
    }
}
