package io.ringmap.snapshot;

/** No topology snapshot has been published yet (the cluster has not been reached since start-up). */
public class NoSnapshotException extends RuntimeException {

    public NoSnapshotException(String reason) {
        super("no ring snapshot is available yet: " + reason);
    }
}
