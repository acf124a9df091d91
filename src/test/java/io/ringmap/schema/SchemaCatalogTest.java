package io.ringmap.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.type.DataTypes;
import java.util.List;
import org.junit.jupiter.api.Test;

class SchemaCatalogTest {

    private static TableSchema table(String keyspace, String table) {
        return new TableSchema(keyspace, table, List.of(new KeyColumn("id", DataTypes.INT)));
    }

    private final SchemaCatalog catalog =
            SchemaCatalog.of(List.of(table("iot", "readings"), table("iot", "Quoted"), table("app", "users")));

    @Test
    void looksTablesUpExactlyThenCaseInsensitively() {
        assertThat(catalog.table("iot", "readings").table()).isEqualTo("readings");
        assertThat(catalog.table("IOT", "Readings").table()).isEqualTo("readings");
        assertThat(catalog.table("iot", "quoted").table()).isEqualTo("Quoted");
        assertThat(catalog.table("iot", "\"Quoted\"").table()).isEqualTo("Quoted");
        assertThat(catalog.contains("iot", "\"quoted\"")).isFalse();
        assertThat(catalog.keyspaces()).containsExactly("iot", "app");
        assertThat(catalog.tables()).hasSize(3);
    }

    @Test
    void reportsAnUnknownKeyspaceByName() {
        assertThatThrownBy(() -> catalog.table("shop", "orders"))
                .isInstanceOfSatisfying(UnknownKeyspaceException.class, e -> {
                    assertThat(e.keyspace()).isEqualTo("shop");
                    assertThat(e.known()).containsExactly("app", "iot");
                })
                .hasMessage("keyspace 'shop' is not in the ring snapshot");
    }

    @Test
    void reportsAnUnknownTableByName() {
        assertThatThrownBy(() -> catalog.table("iot", "orders"))
                .isInstanceOfSatisfying(UnknownTableException.class, e -> {
                    assertThat(e.keyspace()).isEqualTo("iot");
                    assertThat(e.table()).isEqualTo("orders");
                    assertThat(e.known()).containsExactly("Quoted", "readings");
                })
                .hasMessage("table 'orders' of keyspace 'iot' is not in the ring snapshot");
    }

    @Test
    void refusesATableDefinedTwice() {
        assertThatThrownBy(() -> SchemaCatalog.of(List.of(table("iot", "t"), table("iot", "t"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("iot.t");
    }

    @Test
    void validatesTheTableSchema() {
        assertThatThrownBy(() -> new TableSchema("iot", "t", List.of()))
                .hasMessageContaining("at least one partition key column");
        assertThatThrownBy(() -> new TableSchema(
                        "iot", "t", List.of(new KeyColumn("a", DataTypes.INT), new KeyColumn("a", DataTypes.TEXT))))
                .hasMessageContaining("'a'")
                .hasMessageContaining("more than once");
        assertThat(new KeyColumn("k", DataTypes.frozenListOf(DataTypes.INT)).cqlType())
                .isEqualTo("frozen<list<int>>");
        assertThatThrownBy(() -> new KeyColumn("k", DataTypes.listOf(DataTypes.INT)))
                .isInstanceOf(UnsupportedKeyTypeException.class)
                .hasMessageContaining("must be frozen");
    }
}
