package io.ringmap.routing.web;

import io.ringmap.snapshot.web.SnapshotView;
import java.util.List;
import tools.jackson.databind.annotation.JsonSerialize;

/** The tokens of a batch, in request order. */
public record TokenBatchResponse(
        String keyspace,
        String table,
        String partitioner,
        @JsonSerialize(using = TokenResults.Writer.class) List<TokenResult> results,
        SnapshotView snapshot) {}
