package io.ringmap.planning.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.planning.Generator;
import io.ringmap.planning.KeyDesign;
import io.ringmap.planning.KeyEncoder;
import io.ringmap.routing.KeyRouter;
import io.ringmap.schema.CqlTypeParser;
import io.ringmap.schema.KeyColumn;
import io.ringmap.schema.TableSchema;
import io.ringmap.token.Partitioner;
import io.ringmap.token.Partitioners;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The design encoder's memoized components against the router's one key-to-token path ({@link KeyRouter#token}) on
 * generated keys: the same token for every key, empty components included.
 */
class KeyHashingTest {

    private static final Generator ANY = new Generator.Fixed("x");

    @Test
    void encodesCompositeKeysAsTheRouterHashesThem() {
        // given a three-column design and its table
        KeyDesign design = new KeyDesign(
                "composite",
                List.of(
                        new KeyDesign.Column("tenant", "text", ANY),
                        new KeyDesign.Column("bucket", "int", ANY),
                        new KeyDesign.Column("day", "date", ANY)));
        Random random = new Random(36);
        for (String name : List.of("Murmur3Partitioner", "RandomPartitioner")) {
            Partitioner partitioner = Partitioners.byName(name);
            KeyEncoder encoder = KeyHashing.encoder("ks", design, partitioner);
            TableSchema table = table(design);
            for (int k = 0; k < 500; k++) {
                // when a key with repeating (and now and then empty) components is encoded
                List<String> values = List.of(
                        random.nextInt(8) == 0 ? "" : "tenant-" + random.nextInt(5),
                        Integer.toString(random.nextInt(4) - 2),
                        "2026-10-0" + (1 + random.nextInt(9)));
                Map<String, String> byName = new LinkedHashMap<>();
                for (int i = 0; i < values.size(); i++) {
                    byName.put(design.columns().get(i).name(), values.get(i));
                }
                // then its token is the router's
                assertThat(encoder.token(values))
                        .as("%s %s", name, values)
                        .isEqualTo(KeyRouter.token(partitioner, table, byName));
            }
        }
    }

    @Test
    void encodesOneColumnKeysAsTheRouterHashesThem() {
        // given a one-column design
        KeyDesign design = new KeyDesign("single", List.of(new KeyDesign.Column("sensor", "bigint", ANY)));
        Partitioner partitioner = Partitioners.byName("Murmur3Partitioner");
        KeyEncoder encoder = KeyHashing.encoder("ks", design, partitioner);
        // when and then
        for (long v = -3; v <= 3; v++) {
            assertThat(encoder.token(List.of(Long.toString(v))))
                    .isEqualTo(KeyRouter.token(partitioner, table(design), Map.of("sensor", Long.toString(v))));
        }
    }

    private static TableSchema table(KeyDesign design) {
        List<KeyColumn> columns = new ArrayList<>();
        design.columns().forEach(c -> columns.add(new KeyColumn(c.name(), CqlTypeParser.parse(c.cqlType()))));
        return new TableSchema("ks", "plan", columns);
    }
}
