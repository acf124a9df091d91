package io.ringmap.topology;

import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeStateListenerBase;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.SchemaChangeListenerBase;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.ViewMetadata;
import com.datastax.oss.driver.api.core.session.Session;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The driver events that change what ringmap serves; each asks for a (coalesced) rebuild. */
final class ClusterEvents {

    private static final Logger log = LoggerFactory.getLogger(ClusterTopologySource.class);

    private ClusterEvents() {}

    /**
     * Node added, removed, UP or DOWN: rebuild (states and ring shape). Logged once the session is ready only: a
     * session that fails to connect reports its contact points DOWN on every attempt, which says nothing new.
     */
    static final class Nodes extends NodeStateListenerBase {

        private final Runnable rebuild;
        private volatile boolean ready;

        Nodes(Runnable rebuild) {
            this.rebuild = rebuild;
        }

        @Override
        public void onSessionReady(Session session) {
            ready = true;
        }

        @Override
        public void onAdd(Node node) {
            changed(node, "added");
        }

        @Override
        public void onUp(Node node) {
            changed(node, "is UP");
        }

        @Override
        public void onDown(Node node) {
            changed(node, "is DOWN");
        }

        @Override
        public void onRemove(Node node) {
            changed(node, "removed");
        }

        private void changed(Node node, String what) {
            if (ready) {
                log.info("Cassandra node {} {}", node.getEndPoint(), what);
            }
            rebuild.run();
        }
    }

    /** Keyspaces (replication), tables and views (partition keys) and UDTs (key types) changed: rebuild. */
    static final class Schema extends SchemaChangeListenerBase {

        private final Runnable rebuild;

        Schema(Runnable rebuild) {
            this.rebuild = rebuild;
        }

        @Override
        public void onKeyspaceCreated(KeyspaceMetadata keyspace) {
            rebuild.run();
        }

        @Override
        public void onKeyspaceDropped(KeyspaceMetadata keyspace) {
            rebuild.run();
        }

        @Override
        public void onKeyspaceUpdated(KeyspaceMetadata current, KeyspaceMetadata previous) {
            rebuild.run();
        }

        @Override
        public void onTableCreated(TableMetadata table) {
            rebuild.run();
        }

        @Override
        public void onTableDropped(TableMetadata table) {
            rebuild.run();
        }

        @Override
        public void onTableUpdated(TableMetadata current, TableMetadata previous) {
            rebuild.run();
        }

        @Override
        public void onUserDefinedTypeCreated(UserDefinedType type) {
            rebuild.run();
        }

        @Override
        public void onUserDefinedTypeDropped(UserDefinedType type) {
            rebuild.run();
        }

        @Override
        public void onUserDefinedTypeUpdated(UserDefinedType current, UserDefinedType previous) {
            rebuild.run();
        }

        @Override
        public void onViewCreated(ViewMetadata view) {
            rebuild.run();
        }

        @Override
        public void onViewDropped(ViewMetadata view) {
            rebuild.run();
        }

        @Override
        public void onViewUpdated(ViewMetadata current, ViewMetadata previous) {
            rebuild.run();
        }
    }
}
