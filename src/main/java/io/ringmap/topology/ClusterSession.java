package io.ringmap.topology;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.Node;
import java.util.Optional;

/** The live cluster's open driver session, for collectors that query nodes off the request path (e.g. sizes). */
public interface ClusterSession {

    /** The open session; empty while connecting or after close. Callers must not close it. */
    Optional<CqlSession> session();

    /** The address the ring snapshot names a driver node by. */
    static String addressOf(Node node) {
        return ClusterModelReader.address(node);
    }
}
