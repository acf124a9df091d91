package io.ringmap.sizes.peers;

import io.ringmap.peers.client.PeerClient;
import io.ringmap.ring.TableName;
import io.ringmap.token.Partitioner;
import io.ringmap.token.Token;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.KeyDeserializer;
import tools.jackson.databind.deser.std.StdDeserializer;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.ser.std.ToStringSerializer;

/**
 * The JSON form of {@link PeerSizes} on the peer channel: the collector's records as they are, tokens written as
 * Cassandra prints them and read back with the ring's partitioner, tables as {@code keyspace.table} map keys.
 */
public final class SizesCodec {

    private final JsonMapper writer;

    /** @param json the application's mapper, which the codec writes with, tokens as Cassandra prints them */
    public SizesCodec(JsonMapper json) {
        this.writer = json.rebuild()
                .addModule(new SimpleModule("ringmap-sizes").addSerializer(Token.class, ToStringSerializer.instance))
                .build();
    }

    /** The tree {@code GET /actuator/peer/sizes} answers with. */
    public JsonNode encode(PeerSizes sizes) {
        return writer.valueToTree(sizes);
    }

    /**
     * Reads a peer's answer, its tokens with {@code partitioner} (the ring's). A share has no bound in tokens
     * besides its size ({@code ringmap.peers.max-answer-size}): a node's report grows with its tables.
     */
    public static PeerClient.Decoder<PeerSizes> decoder(Partitioner partitioner) {
        JsonMapper reader = JsonMapper.builder(PeerClient.jsonFactory(Long.MAX_VALUE))
                .addModule(new SimpleModule("ringmap-sizes")
                        .addDeserializer(Token.class, new StdDeserializer<Token>(Token.class) {
                            @Override
                            public Token deserialize(JsonParser parser, DeserializationContext context) {
                                return partitioner.parseToken(parser.getString());
                            }
                        })
                        .addKeyDeserializer(TableName.class, new KeyDeserializer() {
                            @Override
                            public Object deserializeKey(String key, DeserializationContext context) {
                                int dot = key.indexOf('.'); // Cassandra's names are word characters: no dot inside
                                if (dot <= 0 || dot == key.length() - 1) {
                                    throw new IllegalArgumentException("'" + key + "' is not keyspace.table");
                                }
                                return new TableName(key.substring(0, dot), key.substring(dot + 1));
                            }
                        }))
                .build();
        return body -> reader.readValue(body, PeerSizes.class);
    }
}
