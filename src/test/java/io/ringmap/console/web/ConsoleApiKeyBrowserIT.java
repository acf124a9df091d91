package io.ringmap.console.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.testcluster.TimeBudget;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * The console with API keys on: its page opens without a key (as the API documentation does) under its
 * Content-Security-Policy, its data calls are refused until a key is typed, and then go through with the key in the
 * configured header; the key stays in the tab's sessionStorage, never in the address or a cookie.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "management.server.port=0",
            "ringmap.security.mode=api-key",
            "ringmap.hotkeys.export-key=hash",
            "ringmap.hotkeys.salt=console-test-salt",
            "ringmap.security.api-key-header=X-Console-Key",
            "ringmap.security.api-keys.viewer.key=" + ConsoleApiKeyBrowserIT.KEY,
            "ringmap.security.api-keys.viewer.scopes=ringmap:read"
        })
@TimeBudget(seconds = 15)
class ConsoleApiKeyBrowserIT extends ConsoleBrowserTest {

    static final String KEY = "console-viewer-key-0123456789abcdef";

    @Test
    void sendsTheTypedKeyInTheConfiguredHeader() throws Exception {
        // the page and its settings are open, under the console's policy; the API is not
        HttpResponse<String> page = browser.call("GET", "/console/", null);
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Security-Policy"))
                .hasValueSatisfying(
                        csp -> assertThat(csp).contains("script-src 'self'").doesNotContain("unsafe-inline"));
        assertThat(browser.call("GET", "/console/settings", null).body())
                .isEqualTo("{\"mode\":\"api-key\",\"header\":\"X-Console-Key\"}");
        assertThat(browser.call("GET", "/ring", null).statusCode()).isEqualTo(401);

        // when the console opens without a key, it shows the API's refusal
        browser.open("/console/");
        browser.wait.until(d -> d.findElement(By.id("error")).isDisplayed());
        assertThat(browser.driver.findElement(By.id("error")).getText()).contains("X-Console-Key");
        assertThat(browser.driver.findElement(By.id("credential-label")).getText())
                .isEqualTo("API key (X-Console-Key)");

        // and when the key is typed, every selector fills and the heatmap answers without a click
        browser.driver.findElement(By.id("credential")).sendKeys(KEY);
        browser.driver
                .findElement(By.cssSelector("#credentials button[type=submit]"))
                .click();
        browser.settle();
        assertThat(browser.driver.findElement(By.id("error")).isDisplayed()).isFalse();
        assertThat(browser.driver.findElement(By.id("heatmap-summary")).getText())
                .startsWith("iot.readings: no hits");
        assertThat(browser.driver.getCurrentUrl()).doesNotContain(KEY);
        assertThat(browser.driver.manage().getCookies()).isEmpty();
        browser.screenshot("api-key");

        // then the only problems the browser logged are the refusal before the key was given and the 409s saying
        // the servers' sampled series need a live cluster
        assertThat(browser.consoleProblems())
                .filteredOn(m -> !m.contains("status of 409") || !m.contains("source="))
                .singleElement()
                .asString()
                .contains("/ring")
                .contains("401");
    }
}
