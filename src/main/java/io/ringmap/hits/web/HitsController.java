package io.ringmap.hits.web;

import io.ringmap.hits.HitRouting;
import io.ringmap.hits.RecordedHits;
import io.ringmap.hits.metrics.ReportedHits;
import io.ringmap.hits.metrics.ReportedHits.Operation;
import io.ringmap.problem.BatchItemException;
import io.ringmap.problem.InvalidParameterException;
import io.ringmap.problem.ProblemKind;
import io.ringmap.schema.TableSchema;
import io.ringmap.snapshot.web.SnapshotProblems;
import io.ringmap.web.JsonBodyProblems;
import io.ringmap.web.ProblemAnswer;
import io.ringmap.web.SampleProblems;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import java.util.List;
import java.util.Locale;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** {@code POST /hits}: clients report sampled partition accesses, counted like keys ringmap routes itself. */
@RestController
@Tag(name = "hot keys", description = "Hot partition keys: report accesses, list the hottest keys per table")
public class HitsController {

    /**
     * The most hits one item may stand for: a sampling rate of 1 in a billion. With at most
     * {@code ringmap.api.max-batch-size} (at most 1,000,000) items a request adds at most 10^15 hits.
     */
    public static final long MAX_COUNT = 1_000_000_000L;

    private final HitRouting routing;
    private final ObjectProvider<ReportedHits> reported;

    public HitsController(HitRouting routing, ObjectProvider<ReportedHits> reported) {
        this.routing = routing;
        this.reported = reported;
    }

    @ProblemAnswer(
            kind = ProblemKind.INVALID_KEY_VALUE,
            detail = "batch item 0: value 'yesterday' for partition key column 'day' is not a valid date: "
                    + "expected a date such as 2026-10-01, or Cassandra's unsigned day number (2147483648 is "
                    + "1970-01-01) (the batch was rejected; nothing of it was counted)")
    @ProblemAnswer(
            kind = ProblemKind.KEY_COMPONENTS,
            detail = "batch item 0: missing partition key column(s) [day]; the partition key columns are "
                    + "[sensor_id, day] (the batch was rejected; nothing of it was counted)")
    @ProblemAnswer(kind = ProblemKind.INVALID_PARAMETER, detail = SampleProblems.BLANK_KEYSPACE_FIELD)
    @ProblemAnswer(kind = ProblemKind.UNKNOWN_KEYSPACE, detail = SampleProblems.UNKNOWN_KEYSPACE)
    @ProblemAnswer(kind = ProblemKind.UNKNOWN_TABLE, detail = SampleProblems.UNKNOWN_TABLE)
    @ProblemAnswer(kind = ProblemKind.BATCH_TOO_LARGE, detail = SampleProblems.BATCH_TOO_LARGE)
    @SnapshotProblems
    @JsonBodyProblems
    @PostMapping(path = "/hits", consumes = "application/json", produces = "application/json")
    @io.swagger.v3.oas.annotations.Operation(
            summary = "Report sampled partition accesses",
            description = "Each item counts `count` hits (default 1, at most 1,000,000,000) of its key for the "
                    + "table's hot keys and for its replicas; counters stop at 2^63-1 rather than overflow. Keys are "
                    + "validated exactly like lookups: one bad item rejects the whole batch "
                    + "(400 naming its index) and nothing of it is counted. At most ringmap.api.max-batch-size items "
                    + "(413 beyond). Counted synchronously; the metrics show it at the next refresh (about 1 s).")
    public HitsResponse hits(@Valid @RequestBody HitsRequest request) {
        List<Hit> hits = request.hits();
        long[] byOperation = new long[Operation.values().length];
        RecordedHits recorded = routing.recordHits(request.keyspace(), request.table(), hits, (i, hit) -> {
            if (hit == null || hit.key() == null) {
                throw new BatchItemException(
                        i,
                        new InvalidParameterException("key", "key is required: the partition key as {column: value}"));
            }
            long count = count(i, hit.count());
            byOperation[operation(i, hit.operation()).ordinal()] += count;
            return new HitRouting.Hit(hit.key(), count);
        });
        long total = 0;
        for (long n : byOperation) {
            total += n;
        }
        TableSchema schema = recorded.table();
        ReportedHits counter = reported.getIfAvailable();
        if (counter != null) {
            for (Operation op : Operation.values()) {
                if (byOperation[op.ordinal()] > 0) {
                    counter.record(schema.keyspace(), schema.table(), op, byOperation[op.ordinal()]);
                }
            }
        }
        return new HitsResponse(schema.keyspace(), schema.table(), recorded.recorded(), total, counter != null);
    }

    private static long count(int index, Long count) {
        if (count == null) {
            return 1L;
        }
        if (count < 1 || count > MAX_COUNT) {
            throw new BatchItemException(
                    index,
                    new InvalidParameterException("count", "count must be from 1 to " + MAX_COUNT + ", was " + count));
        }
        return count;
    }

    private static Operation operation(int index, String text) {
        if (text == null) {
            return Operation.UNSPECIFIED;
        }
        if (text.equals("read")) {
            return Operation.READ; // the common spellings without a lower-cased copy per item
        }
        if (text.equals("write")) {
            return Operation.WRITE;
        }
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "read" -> Operation.READ;
            case "write" -> Operation.WRITE;
            default ->
                throw new BatchItemException(
                        index,
                        new InvalidParameterException(
                                "operation", "operation must be read or write, was '" + text + "'"));
        };
    }
}
