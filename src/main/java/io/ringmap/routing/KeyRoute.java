package io.ringmap.routing;

import io.ringmap.ring.ReplicaLookup;
import io.ringmap.schema.ParsedKey;
import io.ringmap.schema.TableSchema;
import io.ringmap.token.Token;

/** A partition key routed: its table, parsed key, token and (when asked) its replicas. */
public record KeyRoute(TableSchema table, ParsedKey key, Token token, ReplicaLookup replicas) {
}
