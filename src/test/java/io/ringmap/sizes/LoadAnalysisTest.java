package io.ringmap.sizes;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.sizes.LoadAnalysis.NodeLoad;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoadAnalysisTest {

    @Test
    void namesUnevenLoadUnderEvenOwnership() {
        LoadAnalysis.Verdict v = LoadAnalysis.analyse(
                List.of(
                        new NodeLoad("a", 1 / 3.0, 2 / 3.0, 6_000_000L, 0),
                        new NodeLoad("b", 1 / 3.0, 2 / 3.0, 200_000L, 0),
                        new NodeLoad("c", 1 / 3.0, 2 / 3.0, 6_000_000L, 0)),
                0.1,
                1.5);
        assertThat(v.symptom()).isEqualTo(LoadAnalysis.UNEVEN_LOAD_EVEN_OWNERSHIP);
        assertThat(v.loadSpread()).isEqualTo(30.0);
    }

    @Test
    void unevenOwnershipExplainsUnevenLoad() {
        LoadAnalysis.Verdict v = LoadAnalysis.analyse(
                List.of(new NodeLoad("a", 0.8, 0.8, 800L, 0), new NodeLoad("b", 0.2, 0.2, 200L, 0)), 0.1, 1.5);
        assertThat(v.symptom()).isNull();
        assertThat(v.explanation()).contains("ownership itself is uneven");
    }

    @Test
    void evenLoadOrMissingLoadNamesNothing() {
        assertThat(LoadAnalysis.analyse(
                                List.of(new NodeLoad("a", 0.5, 0.5, 1000L, 0), new NodeLoad("b", 0.5, 0.5, 1100L, 0)),
                                0.1,
                                1.5)
                        .symptom())
                .isNull();
        LoadAnalysis.Verdict missing = LoadAnalysis.analyse(
                List.of(new NodeLoad("a", 0.5, 0.5, 1000L, 0), new NodeLoad("b", 0.5, 0.5, null, 0)), 0.1, 1.5);
        assertThat(missing.symptom()).isNull();
        assertThat(missing.loadSpread()).isNull();
    }
}
