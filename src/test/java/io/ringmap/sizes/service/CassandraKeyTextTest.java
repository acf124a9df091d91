package io.ringmap.sizes.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.type.DataTypes;
import io.ringmap.schema.KeyColumn;
import io.ringmap.schema.TableSchema;
import java.util.List;
import org.junit.jupiter.api.Test;

class CassandraKeyTextTest {

    @Test
    void splitsCompositeKeysOnUnescapedColons() {
        assertThat(CassandraKeyText.split("sensor-17:2026-10-01")).containsExactly("sensor-17", "2026-10-01");
        assertThat(CassandraKeyText.split("a\\:b:c")).containsExactly("a:b", "c");
        assertThat(CassandraKeyText.split("a\\!:c")).containsExactly("a\\", "c");
    }

    @Test
    void aSingleColumnKeyIsTakenWhole() {
        TableSchema t = new TableSchema("ks", "t", List.of(new KeyColumn("id", DataTypes.TEXT)));
        assertThat(CassandraKeyText.components(t, "a:b")).containsEntry("id", "a:b");
    }

    @Test
    void rejectsAKeyWithTheWrongNumberOfComponents() {
        TableSchema t = new TableSchema(
                "ks", "t", List.of(new KeyColumn("a", DataTypes.TEXT), new KeyColumn("b", DataTypes.INT)));
        assertThatThrownBy(() -> CassandraKeyText.components(t, "x")).hasMessageContaining("1 components");
    }
}
