package io.ringmap.hits;

import io.ringmap.schema.TableSchema;

/**
 * What {@link HitRouting#recordHits} counted.
 *
 * @param table the table as the schema names it
 * @param recorded items recorded (all of the request)
 */
public record RecordedHits(TableSchema table, int recorded) {}
