package io.ringmap.peers;

import org.jspecify.annotations.Nullable;

/**
 * What a peer may ask with its question besides the part: a table, and two switches of the parts that read it. These
 * are the parameters the peer endpoint declares (an endpoint receives only the parameters it declares); what they
 * mean is the part's to say.
 *
 * @param keyspace     the table's keyspace, null for none
 * @param table        the table's name, null for none
 * @param replicasOnly {@code replicasOnly=true} was asked
 * @param keys         {@code keys=true} was asked
 */
public record PeerQuestion(
        @Nullable String keyspace, @Nullable String table, boolean replicasOnly, boolean keys) {

    /** Whether both names of a table were given. */
    public boolean namesTable() {
        return keyspace != null && table != null;
    }
}
