package io.ringmap.replication;

/**
 * A replication factor as Cassandra writes it: {@code "3"}, or {@code "3/1"} for 3 replicas of which 1 is transient
 * (mirrors {@code org.apache.cassandra.locator.ReplicationFactor}).
 */
public record ReplicationFactor(int allReplicas, int transientReplicas) {

    public ReplicationFactor {
        if (allReplicas < 0) {
            throw new IllegalArgumentException("replication factor must not be negative, was " + allReplicas);
        }
        if (transientReplicas < 0 || transientReplicas > allReplicas) {
            throw new IllegalArgumentException("transient replicas must be between 0 and the replication factor "
                    + allReplicas + ", was " + transientReplicas);
        }
        if (allReplicas > 0 && transientReplicas == allReplicas) {
            throw new IllegalArgumentException(
                    "at least one replica must be full, replication factor " + allReplicas + "/" + transientReplicas);
        }
    }

    public static ReplicationFactor parse(String text) {
        String t = text == null ? "" : text.trim();
        try {
            int slash = t.indexOf('/');
            if (slash < 0) {
                return new ReplicationFactor(Integer.parseInt(t), 0);
            }
            return new ReplicationFactor(
                    Integer.parseInt(t.substring(0, slash).trim()),
                    Integer.parseInt(t.substring(slash + 1).trim()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "replication factor '" + text + "' is not a number or <replicas>/<transient>");
        }
    }

    /** As Cassandra writes it back: {@code "3"}, or {@code "3/1"} with transient replicas. */
    public String toParseableString() {
        return transientReplicas == 0 ? Integer.toString(allReplicas) : allReplicas + "/" + transientReplicas;
    }

    public int fullReplicas() {
        return allReplicas - transientReplicas;
    }
}
