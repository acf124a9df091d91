package io.ringmap.problem;

/** One item of a batch request is invalid; the whole batch is rejected and nothing of it is counted. */
public class BatchItemException extends RuntimeException implements ProblemException {

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

    /** The item's own problem, naming the item. */
    @Override
    public Problem problem() {
        return problem(
                getCause() instanceof ProblemException p
                        ? p.problem()
                        : ProblemKind.INVALID_PARAMETER.problem(getCause().getMessage()));
    }

    /** {@code item}, the problem of the item itself (as the handler shows it), naming the item and its index. */
    public Problem problem(Problem item) {
        return item.withDetail("batch item " + index + ": " + item.detail() + " (the batch was rejected; nothing of it "
                        + "was counted)")
                .with("index", index);
    }
}
