package io.ringmap.schema;

import io.ringmap.problem.ProblemKind;
import io.ringmap.problem.RequestProblem;

/** The table uses a partitioner of its own (e.g. {@code LocalPartitioner}): its tokens are not ring positions. */
public class TablePartitionerException extends RequestProblem {

    private final String keyspace;
    private final String table;
    private final String partitioner;

    public TablePartitionerException(String keyspace, String table, String partitioner, String clusterPartitioner) {
        super(ProblemKind.TABLE_PARTITIONER
                .problem("table " + keyspace + "." + table + " is partitioned by its own "
                        + partitioner + ", not by the cluster's " + clusterPartitioner
                        + ": its tokens are not positions on "
                        + "the ring, so ringmap cannot compute them, place them or split them")
                .with("keyspace", keyspace)
                .with("table", table)
                .with("partitioner", partitioner));
        this.keyspace = keyspace;
        this.table = table;
        this.partitioner = partitioner;
    }

    public String keyspace() {
        return keyspace;
    }

    public String table() {
        return table;
    }

    public String partitioner() {
        return partitioner;
    }
}
