package io.ringmap.hotkeys;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KeyExporterTest {

    @Test
    void exportsPlainLabelsUnchanged() {
        assertThat(KeyExporter.plain().export("sensor-17:2026-10-01")).isEqualTo("sensor-17:2026-10-01");
        assertThat(KeyExporter.plain().hashing()).isFalse();
    }

    @Test
    void keepsARealKeyNamedOtherApartFromTheCatchAll() {
        assertThat(KeyExporter.plain().export("_other")).isEqualTo("\\_other").isNotEqualTo(KeyLabels.OTHER);
    }

    @Test
    void hashMatchesOpensslHmacSoItIsStableAcrossInstancesAndVersions() {
        // given the oracle: printf '%s' 'sensor-17:2026-10-01' | openssl dgst -sha256 -hmac 'ringmap-salt'
        String expected = "8cada14984097e92";

        // when two independently created exporters hash the same label
        String first = KeyExporter.hashed("ringmap-salt").export("sensor-17:2026-10-01");
        String second = KeyExporter.hashed("ringmap-salt").export("sensor-17:2026-10-01");

        // then
        assertThat(first).isEqualTo(expected).isEqualTo(second);
    }

    @Test
    void emptySaltIsHmacWithTheEmptyKey() {
        // oracle: printf '%s' 'sensor-17:2026-10-01' | openssl dgst -sha256 -mac HMAC -macopt hexkey:00
        assertThat(KeyExporter.hashed("").export("sensor-17:2026-10-01")).isEqualTo("f9a51d627585aa2c");
    }

    @Test
    void hashNeverRevealsTheKey() {
        // given
        KeyExporter exporter = KeyExporter.hashed("s3cret");
        String label = KeyLabels.join("alice@example.com", "2026-10-01");

        // when
        String exported = exporter.export(label);

        // then
        assertThat(exported).matches("[0-9a-f]{16}");
        assertThat(exported).doesNotContain("alice").doesNotContain("2026").doesNotContain("example");
        assertThat(exported).isNotEqualTo(KeyExporter.hashed("other-salt").export(label));
        assertThat(exported).isNotEqualTo(KeyHashes.sha256Hex16(label)); // not the unsalted digest
        assertThat(exporter.hashing()).isTrue();
    }
}
