package io.ringmap.routing;

/** One item of a batch request is invalid; the whole batch is rejected and nothing of it is counted. */
public class BatchItemException extends RuntimeException {

    private final int index;

    public BatchItemException(int index, RuntimeException cause) {
        super("item " + index + ": " + cause.getMessage(), cause);
        this.index = index;
    }

    public int index() {
        return index;
    }

    @Override
    public synchronized RuntimeException getCause() {
        return (RuntimeException) super.getCause();
    }
}
