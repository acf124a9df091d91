package io.ringmap.routing;

/** A batch request carries more items than {@code ringmap.api.max-batch-size} allows. */
public class BatchTooLargeException extends RuntimeException {

    private final int size;
    private final int limit;

    public BatchTooLargeException(int size, int limit) {
        super("batch of " + size + " items exceeds the limit of " + limit + " (ringmap.api.max-batch-size)");
        this.size = size;
        this.limit = limit;
    }

    public int size() {
        return size;
    }

    public int limit() {
        return limit;
    }
}
