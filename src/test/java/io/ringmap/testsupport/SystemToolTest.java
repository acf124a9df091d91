package io.ringmap.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.opentest4j.TestAbortedException;

@Isolated("sets system properties")
class SystemToolTest {

    private static final String PROPERTY = "ringmap.test.system-tool";
    private static final SystemTool ABSENT =
            new SystemTool(List.of("ringmap-no-such-tool"), PROPERTY, "the no-such-tool package");

    @AfterEach
    void clearProperty() {
        System.clearProperty(PROPERTY);
    }

    @Test
    void findsAToolOnThePath() {
        SystemTool shell = new SystemTool(List.of("ringmap-no-such-tool", "sh"), PROPERTY, "a shell");

        assertThat(shell.require(true)).isExecutable().hasFileName("sh");
    }

    @Test
    void aMissingToolSkipsNamingWhatToInstallOutsideCiAndFailsOnCi() {
        assertThatThrownBy(() -> ABSENT.require(false))
                .isInstanceOf(TestAbortedException.class)
                .hasMessageContaining("ringmap-no-such-tool is not on the PATH")
                .hasMessageContaining("install the no-such-tool package")
                .hasMessageContaining("-D" + PROPERTY);
        assertThatThrownBy(() -> ABSENT.require(true))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("install the no-such-tool package")
                .hasMessageContaining("CI=true");
    }

    @Test
    void thePropertyNamesTheToolInsteadOfThePath(@TempDir Path dir) throws Exception {
        Path tool = Files.writeString(dir.resolve("my-tool"), "#!/bin/sh\n");
        System.setProperty(PROPERTY, tool.toString());
        assertThatThrownBy(() -> ABSENT.require(true))
                .hasMessageContaining("-D" + PROPERTY + "=" + tool + " is not an executable");

        assertThat(tool.toFile().setExecutable(true)).isTrue();
        assertThat(ABSENT.require(true)).isEqualTo(tool);
    }
}
