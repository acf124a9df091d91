package io.ringmap.snapshot;

import io.ringmap.pending.RingMotion;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.RingSnapshot;
import io.ringmap.ring.TokenRing;
import io.ringmap.schema.SchemaCatalog;
import io.ringmap.schema.UnknownKeyspaceException;
import io.ringmap.token.Partitioner;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The snapshot answers come from, as read at one instant: the topology plus how current it is (its age, and
 * whether the source has lost contact with the cluster since it was taken: then answers come from the last good
 * snapshot, flagged stale).
 *
 * @param lastContact when the source last reached the cluster
 * @param readAt the {@code Clock}'s instant when this snapshot was read from the {@link SnapshotHolder}
 */
public record ServedSnapshot(
        TopologySnapshot snapshot, boolean stale, String staleReason, Instant lastContact, Instant readAt) {

    /** Time from the snapshot's creation to when it was read. */
    public Duration age() {
        return Duration.between(snapshot.createdAt(), readAt);
    }

    /** The ring with every keyspace's placement. */
    public RingSnapshot ring() {
        return snapshot.ring();
    }

    /** The tokens, their owners and the nodes. */
    public TokenRing tokenRing() {
        return snapshot.tokenRing();
    }

    public Partitioner partitioner() {
        return snapshot.tokenRing().partitioner();
    }

    /** The tables' partition keys. */
    public SchemaCatalog schema() {
        return snapshot.schema();
    }

    /** The keyspace's placement; the name is matched exactly, then case-insensitively. */
    public Optional<KeyspacePlacement> keyspace(String name) {
        return snapshot.ring().keyspace(name);
    }

    /**
     * The keyspace's placement; the name is matched exactly, then case-insensitively.
     *
     * @throws UnknownKeyspaceException naming the keyspaces the snapshot has, when none matches
     */
    public KeyspacePlacement requireKeyspace(String name) {
        return keyspace(name)
                .orElseThrow(() ->
                        new UnknownKeyspaceException(name, ring().keyspaces().keySet()));
    }

    public String source() {
        return snapshot.source();
    }

    /** The per-process publication counter. */
    public long version() {
        return snapshot.version();
    }

    /** The content hash: the same on every instance serving the same topology. */
    public String contentHash() {
        return snapshot.contentHash();
    }

    /**
     * The strong entity tag of every answer derived from this snapshot alone: its content hash, marked when stale
     * (a stale answer says so in its body).
     */
    public String etag() {
        return etag(snapshot.contentHash(), stale);
    }

    /** The strong entity tag of answers from the snapshot with this content hash, marked when stale. */
    public static String etag(String contentHash, boolean stale) {
        return "\"" + contentHash + (stale ? "-stale" : "") + "\"";
    }

    /** The ring's movement: nodes in motion and every keyspace's pending replicas. */
    /** The cluster-metadata epoch the snapshot reflects (Cassandra 6.0), or null before 6.0 and for a static one. */
    public Long epoch() {
        return snapshot.epoch();
    }

    public RingMotion motion() {
        return snapshot.motion();
    }

    public Instant createdAt() {
        return snapshot.createdAt();
    }
}
