package io.ringmap.snapshot.web;

/**
 * An answer computed from one served snapshot alone: a conditional GET tags it with the entity tag of the snapshot
 * it names, never with whatever the holder serves by the time the body is written.
 */
public interface SnapshotAnswer {

    /** The snapshot the answer was computed from. */
    Source snapshot();

    /** What an answer says about its snapshot, enough to tag it. */
    interface Source {

        /** The strong entity tag of the snapshot ({@link io.ringmap.snapshot.ServedSnapshot#etag()}). */
        String etag();
    }
}
