package io.ringmap.hotkeys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class KeyLabelsTest {

    @Test
    void joinsComponentsLikeNodetool() {
        // given a composite partition key (sensor_id, day)
        List<String> components = List.of("sensor-17", "2026-10-01");

        // when
        String label = KeyLabels.join(components);

        // then
        assertThat(label).isEqualTo("sensor-17:2026-10-01");
    }

    @Test
    void escapesSeparatorSoDifferentKeysNeverShareALabel() {
        // given two keys whose naive ':'-join would both be "a:b:c"
        String left = KeyLabels.join("a:b", "c");
        String right = KeyLabels.join("a", "b:c");

        // then
        assertThat(left).isEqualTo("a\\:b:c");
        assertThat(right).isEqualTo("a:b\\:c");
        assertThat(left).isNotEqualTo(right);
        assertThat(KeyLabels.join("a\\", "b")).isNotEqualTo(KeyLabels.join("a\\:b"));
    }

    @Test
    void parsesLabelsBackIntoComponents() {
        assertThat(KeyLabels.parse("sensor-17:2026-10-01")).containsExactly("sensor-17", "2026-10-01");
        assertThat(KeyLabels.parse("a\\:b:c")).containsExactly("a:b", "c");
        assertThat(KeyLabels.parse("a\\\\:b")).containsExactly("a\\", "b");
        assertThat(KeyLabels.parse("")).containsExactly("");
        assertThat(KeyLabels.parse(":")).containsExactly("", "");
    }

    @Test
    void roundTripsRandomComponentsFullOfSeparatorsAndEscapes() {
        // given components drawn from an alphabet that is mostly separators and escapes
        Random random = new Random(42);
        char[] alphabet = {':', '\\', 'a', 'b', '-', 'é', ' '};
        for (int round = 0; round < 20_000; round++) {
            List<String> components = new ArrayList<>();
            int count = 1 + random.nextInt(4);
            for (int c = 0; c < count; c++) {
                StringBuilder component = new StringBuilder();
                int length = random.nextInt(6);
                for (int i = 0; i < length; i++) {
                    component.append(alphabet[random.nextInt(alphabet.length)]);
                }
                components.add(component.toString());
            }

            // when
            List<String> parsed = KeyLabels.parse(KeyLabels.join(components));

            // then
            assertThat(parsed).as("round trip of %s", components).isEqualTo(components);
        }
    }

    @Test
    void rejectsMalformedLabels() {
        assertThatThrownBy(() -> KeyLabels.parse("abc\\"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("lone '\\'");
        assertThatThrownBy(() -> KeyLabels.parse("a\\xb"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("only escape");
        assertThatThrownBy(() -> KeyLabels.join(List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least one component");
    }

    @Test
    void shortensOverlongLabelsDistinctlyAndRecognisably() {
        // given two long labels that share their first 300 characters
        String prefix = "x".repeat(300);
        String first = KeyLabels.bounded(prefix + "1", 64);
        String second = KeyLabels.bounded(prefix + "2", 64);

        // then
        assertThat(first).hasSize(64).startsWith("xxxx").isNotEqualTo(second);
        assertThat(first).matches("x+\\\\~[0-9a-f]{16}");
        assertThatThrownBy(() -> KeyLabels.parse(first)).isInstanceOf(IllegalArgumentException.class);
        assertThat(KeyLabels.bounded("short", 64)).isEqualTo("short");
    }
}
