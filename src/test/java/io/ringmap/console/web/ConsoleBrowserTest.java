package io.ringmap.console.web;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.web.server.LocalServerPort;

/** A console browser test: a fresh headless Chromium on this test's server for each test, closed after it. */
abstract class ConsoleBrowserTest {

    @LocalServerPort
    int port;

    @TempDir
    Path profile;

    ConsoleBrowser browser;

    @BeforeEach
    void openBrowser() {
        browser = new ConsoleBrowser(port, profile);
    }

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }
}
