package io.ringmap.routing;

import io.ringmap.ring.ReplicaLookup;
import io.ringmap.schema.ParsedKey;
import io.ringmap.schema.TableSchema;
import io.ringmap.token.Token;
import java.util.LinkedHashMap;
import java.util.Map;

/** A partition key routed: its table, parsed key, token and (when asked) its replicas. */
public record KeyRoute(TableSchema table, ParsedKey key, Token token, ReplicaLookup replicas) {

    /** The key's components in canonical text by column name, in partition key order. */
    public Map<String, String> keyByColumn() {
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < table.partitionKey().size(); i++) {
            out.put(
                    table.partitionKey().get(i).name(),
                    key.canonicalComponents().get(i));
        }
        return out;
    }
}
