package io.ringmap.hits.web;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.util.List;

/** A batch of accesses of one table. */
@Schema(description = "Accesses of partition keys of one table")
public record HitsRequest(
        @NotBlank @Schema(example = "iot") String keyspace,
        @NotBlank @Schema(example = "readings") String table,

        @NotNull @Schema(description = "At most ringmap.api.max-batch-size items")
        List<Hit> hits) {}
