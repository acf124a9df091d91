package io.ringmap.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.testsupport.SystemTool;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Swagger UI in a real browser (headless Chromium, driven by its chromedriver through Selenium): the tags
 * come in the order a user meets them, and GET /replicas with "Try it out" on the bundled sample renders the
 * reference example's replicas. The browser and its driver come from the PATH ({@link SystemTool}: skipped naming what
 * to install when absent, a failure on CI). A screenshot of the rendered response is left in target/swagger-ui-replicas.png.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "management.server.port=0")
class SwaggerUiBrowserIT {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @LocalServerPort
    int port;

    @TempDir
    Path profile;

    private ChromeDriver browser;

    @BeforeEach
    void openBrowser() {
        Path chromium = SystemTool.CHROMIUM.require();
        Path chromedriver = SystemTool.CHROMEDRIVER.require();
        ChromeOptions options = new ChromeOptions().setBinary(chromium.toFile())
                .addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                        "--disable-background-networking", "--disable-component-update", "--disable-sync",
                        "--no-first-run", "--window-size=1400,2200", "--user-data-dir=" + profile);
        // the driver named here, so Selenium never looks for (or downloads) one of its own
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(chromedriver.toFile())
                .usingAnyFreePort().build();
        browser = new ChromeDriver(service, options);
    }

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }

    @Test
    void tryingOutGetReplicasShowsTheReferenceExamplesReplicas() throws Exception {
        WebDriverWait wait = new WebDriverWait(browser, WAIT);
        browser.get("http://127.0.0.1:" + port + "/swagger-ui.html");

        // tags in the order a user meets them
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector(".opblock-tag-section")));
        List<String> tags = browser.findElements(By.cssSelector(".opblock-tag")).stream()
                .map(t -> t.getAttribute("data-tag")).toList();
        assertThat(tags).startsWith("token", "replicas", "splits", "ring", "hot keys");

        // GET /replicas, Try it out, with the token of the operation's description and no key
        WebElement operation = wait.until(ExpectedConditions.elementToBeClickable(
                By.cssSelector("#operations-replicas-replicas .opblock-summary")));
        operation.click();
        WebElement block = browser.findElement(By.id("operations-replicas-replicas"));
        wait.until(ExpectedConditions.elementToBeClickable(block.findElement(By.cssSelector(".try-out__btn"))))
                .click();
        setParameter(block, "keyspace", "iot");
        setParameter(block, "token", "1523456789012345678");
        setParameter(block, "key", "");
        block.findElement(By.cssSelector(".execute")).click();

        WebElement body = wait.until(ExpectedConditions.visibilityOfElementLocated(
                By.cssSelector("#operations-replicas-replicas .live-responses-table .response-col_description pre")));
        wait.until(d -> !body.getText().isBlank());
        String status = block.findElement(By.cssSelector(".live-responses-table .response .response-col_status"))
                .getText().strip();
        String text = body.getText();
        ((JavascriptExecutor) browser).executeScript("arguments[0].scrollIntoView()", body);
        File screenshot = browser.getScreenshotAs(OutputType.FILE);
        Files.copy(screenshot.toPath(), Path.of("target", "swagger-ui-replicas.png"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);

        assertThat(status).as("status of the response %s", text).isEqualTo("200");
        assertThat(text).containsSubsequence("\"address\": \"127.0.0.3\"", "\"address\": \"127.0.0.4\"",
                "\"address\": \"127.0.0.1\"");
    }

    /** Types into the "Try it out" field of a parameter (an input, or the textarea of an object parameter). */
    private void setParameter(WebElement block, String name, String value) {
        WebElement field = block.findElement(By.cssSelector("tr[data-param-name='" + name + "'] input, "
                + "tr[data-param-name='" + name + "'] textarea"));
        field.clear();
        ((JavascriptExecutor) browser).executeScript("arguments[0].select()", field);
        field.sendKeys(org.openqa.selenium.Keys.chord(org.openqa.selenium.Keys.CONTROL, "a"),
                org.openqa.selenium.Keys.DELETE);
        if (!value.isEmpty()) {
            field.sendKeys(value);
        }
    }
}
