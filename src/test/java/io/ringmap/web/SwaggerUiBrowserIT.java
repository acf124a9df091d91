package io.ringmap.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.testcluster.TimeBudget;
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
 * Swagger UI in a real browser (headless Chromium, driven by its chromedriver through Selenium): the tags come in
 * the order a user meets them, every operation's "Try it out" and "Execute" with the values the page offers answers
 * 2xx on the bundled sample (or, for the nodes' figures, the 409 saying they need a live cluster), and GET /replicas
 * with a token typed in renders the reference example's replicas. The browser and its driver come from the PATH
 * ({@link SystemTool}: skipped naming what to install when absent, a failure on CI). Screenshots are left in
 * target/swagger-ui-replicas.png and, of the operations whose answer failed, target/swagger-ui-execute/.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "management.server.port=0")
@TimeBudget(seconds = 300)
class SwaggerUiBrowserIT {

    /**
     * How long the page may take to render: Swagger UI lays out the whole document first, which took over 30 s once
     * on the build machine with every core busy beside it.
     */
    private static final Duration WAIT = Duration.ofSeconds(90);
    /** How long one Execute may take to show its answer (the slowest, POST /plan, takes about a second). */
    private static final Duration ANSWER_WAIT = Duration.ofSeconds(20);

    @LocalServerPort
    int port;

    @TempDir
    Path profile;

    private ChromeDriver browser;

    @BeforeEach
    void openBrowser() {
        Path chromium = SystemTool.CHROMIUM.require();
        Path chromedriver = SystemTool.CHROMEDRIVER.require();
        ChromeOptions options = new ChromeOptions()
                .setBinary(chromium.toFile())
                .addArguments(
                        "--headless",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--disable-dev-shm-usage",
                        "--disable-background-networking",
                        "--disable-component-update",
                        "--disable-sync",
                        "--no-first-run",
                        "--window-size=1400,2200",
                        "--user-data-dir=" + profile);
        // the driver named here, so Selenium never looks for (or downloads) one of its own
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(chromedriver.toFile())
                .usingAnyFreePort()
                .build();
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
                .map(t -> t.getAttribute("data-tag"))
                .toList();
        assertThat(tags).startsWith("token", "replicas", "splits", "ring", "hot keys");

        // GET /replicas, Try it out, with the token of the operation's description instead of the offered key
        WebElement operation = wait.until(ExpectedConditions.elementToBeClickable(
                By.cssSelector("#operations-replicas-replicas .opblock-summary")));
        operation.click();
        WebElement block = browser.findElement(By.id("operations-replicas-replicas"));
        clickable(wait, block, ".try-out__btn").click();
        setParameter(block, "keyspace", "iot");
        setParameter(block, "token", "1523456789012345678");
        setParameter(block, "table", "");
        setParameter(block, "key", "");
        clickable(wait, block, ".execute").click();

        WebElement body = wait.until(ExpectedConditions.visibilityOfElementLocated(
                By.cssSelector("#operations-replicas-replicas .live-responses-table .response-col_description pre")));
        wait.until(d -> !body.getText().isBlank());
        String status = block.findElement(By.cssSelector(".live-responses-table .response .response-col_status"))
                .getText()
                .strip();
        String text = body.getText();
        ((JavascriptExecutor) browser).executeScript("arguments[0].scrollIntoView()", body);
        File screenshot = browser.getScreenshotAs(OutputType.FILE);
        Files.copy(
                screenshot.toPath(),
                Path.of("target", "swagger-ui-replicas.png"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);

        assertThat(status).as("status of the response %s", text).isEqualTo("200");
        assertThat(text)
                .containsSubsequence(
                        "\"address\": \"127.0.0.3\"", "\"address\": \"127.0.0.4\"", "\"address\": \"127.0.0.1\"");
    }

    /**
     * Every operation, as a newcomer meets it: expand, "Try it out", "Execute" with the values the page offers, and
     * the answer must be 2xx on the bundled sample. The operations that need a live cluster (partition sizes and load
     * are collected from the nodes) answer the problem that says so, never a 5xx. A screenshot of each answer that
     * is neither is left in target/swagger-ui-execute/.
     */
    @Test
    void everyOperationAnswersWithTheDefaultsThePageOffers() throws Exception {
        WebDriverWait wait = new WebDriverWait(browser, WAIT);
        browser.get("http://127.0.0.1:" + port + "/swagger-ui.html");
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector(".opblock")));
        List<String> ids = browser.findElements(By.cssSelector(".opblock")).stream()
                .map(b -> b.getAttribute("id"))
                .toList();
        assertThat(ids).as("operations on the page").hasSizeGreaterThanOrEqualTo(22);
        Path shots = Files.createDirectories(Path.of("target", "swagger-ui-execute"));
        java.util.Map<String, String> answers = new java.util.TreeMap<>();
        for (String id : ids) {
            WebElement block = browser.findElement(By.id(id));
            ((JavascriptExecutor) browser).executeScript("arguments[0].scrollIntoView()", block);
            block.findElement(By.cssSelector(".opblock-summary")).click();
            clickable(wait, block, ".try-out__btn").click();
            clickable(wait, block, ".execute").click();
            WebElement status;
            try {
                status = new WebDriverWait(browser, ANSWER_WAIT).until(d -> {
                    List<WebElement> found =
                            block.findElements(By.cssSelector(".live-responses-table .response .response-col_status"));
                    return found.isEmpty() || found.get(0).getText().isBlank() ? null : found.get(0);
                });
            } catch (org.openqa.selenium.TimeoutException e) {
                status = null; // the page refused to send (a required field left empty) or never got an answer
            }
            List<WebElement> bodies =
                    block.findElements(By.cssSelector(".live-responses-table .response-col_description pre"));
            String body = bodies.isEmpty() ? "" : bodies.get(0).getText();
            String answer = status == null
                    ? "no answer; fields the page marked invalid: "
                            + block.findElements(By.cssSelector("tr[data-param-name]")).stream()
                                    .filter(r -> !r.findElements(By.cssSelector(".invalid"))
                                            .isEmpty())
                                    .map(r -> r.getAttribute("data-param-name"))
                                    .toList()
                            + block.findElements(By.cssSelector(".validation-errors, .errors-wrapper")).stream()
                                    .map(WebElement::getText)
                                    .toList()
                    : status.getText().strip().split("\\s+")[0] + " " + body.replaceAll("\\s+", " ");
            answers.put(id, answer);
            if (!expected(id, answer)) {
                // a picture of what a person would see, for the answers that fail below (a screenshot of the tall
                // page costs Chromium about a second of CPU: one per operation was a tenth of the class)
                ((JavascriptExecutor) browser)
                        .executeScript("arguments[0].scrollIntoView()", status == null ? block : status);
                Files.copy(
                        browser.getScreenshotAs(OutputType.FILE).toPath(),
                        shots.resolve(id + ".png"),
                        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
            block.findElement(By.cssSelector(".opblock-summary")).click(); // collapse: keep the page short
        }
        java.util.Map<String, String> failed = new java.util.TreeMap<>();
        answers.forEach((id, answer) -> {
            if (!expected(id, answer)) {
                failed.put(id, answer.length() > 300 ? answer.substring(0, 300) + "..." : answer);
            }
        });
        assertThat(failed)
                .as("operations whose Execute with the page's defaults did not answer 2xx")
                .isEmpty();
    }

    /**
     * A 2xx answer, or for an operation that reads what the nodes report the 409 that says the bundled (static) sample
     * has no such figures.
     */
    private static boolean expected(String id, String answer) {
        boolean needsCluster = answer.startsWith("409 ") && answer.contains("urn:ringmap:problem:sizes-not-collected");
        return answer.startsWith("2") || (needsCluster && LIVE_CLUSTER_ONLY.contains(id));
    }

    /** Operations that read what the nodes report: on the bundled (static) sample they answer 409 saying so. */
    private static final java.util.Set<String> LIVE_CLUSTER_ONLY =
            java.util.Set.of("operations-sizes-sizes", "operations-sizes-load");

    /**
     * Types into the "Try it out" field of a parameter (an input, or the textarea of an object parameter) with real key
     * strokes: Swagger UI's fields are React-controlled, so a value set or cleared by script alone is put back from
     * the page's state (and its example) at the next render.
     */
    /**
     * The element of {@code block} matching {@code css} once the page has rendered it and it can be clicked: an
     * operation expands, and "Try it out" turns into "Execute", on the page's next render, not when the click returns.
     */
    private static WebElement clickable(WebDriverWait wait, WebElement block, String css) {
        return wait.until(d -> {
            List<WebElement> found = block.findElements(By.cssSelector(css));
            return found.isEmpty()
                            || !found.get(0).isDisplayed()
                            || !found.get(0).isEnabled()
                    ? null
                    : found.get(0);
        });
    }

    private void setParameter(WebElement block, String name, String value) {
        WebElement field = block.findElement(By.cssSelector(
                "tr[data-param-name='" + name + "'] input, " + "tr[data-param-name='" + name + "'] textarea"));
        field.click();
        field.sendKeys(org.openqa.selenium.Keys.chord(org.openqa.selenium.Keys.CONTROL, "a"));
        field.sendKeys(org.openqa.selenium.Keys.BACK_SPACE);
        if (!value.isEmpty()) {
            field.sendKeys(value);
        }
        String typed = field.getAttribute("value");
        assertThat(typed).as("the %s field after typing", name).isEqualTo(value);
    }
}
