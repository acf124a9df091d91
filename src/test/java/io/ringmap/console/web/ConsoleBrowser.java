package io.ringmap.console.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.testsupport.SystemTool;
import io.ringmap.testsupport.TestHttp;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Headless Chromium on the console for the browser tests: opened on a port, its browser console read back, screenshots
 * saved under target/console/, and the API called directly (the oracle the page is compared with).
 */
public final class ConsoleBrowser implements AutoCloseable {

    static final Duration WAIT = Duration.ofSeconds(60);

    public final ChromeDriver driver;
    public final WebDriverWait wait;
    private final String base;

    public ConsoleBrowser(int port, Path profile) {
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
                        "--window-size=1400,1100",
                        "--user-data-dir=" + profile);
        options.setCapability("goog:loggingPrefs", Map.of(LogType.BROWSER, "ALL"));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(chromedriver.toFile())
                .usingAnyFreePort()
                .build();
        this.driver = new ChromeDriver(service, options);
        this.wait = new WebDriverWait(driver, WAIT);
        this.base = "http://127.0.0.1:" + port;
    }

    public void open(String path) {
        driver.get(base + path);
    }

    /** Waits until every request the page started has been answered. */
    public void settle() {
        wait.until(d -> "true".equals(d.findElement(By.tagName("body")).getDomAttribute("data-ready"))
                && "0".equals(d.findElement(By.tagName("body")).getDomAttribute("data-busy")));
    }

    public void screenshot(String name) throws IOException {
        Path dir = Files.createDirectories(Path.of("target", "console"));
        Files.copy(
                driver.getScreenshotAs(OutputType.FILE).toPath(),
                dir.resolve(name + ".png"),
                StandardCopyOption.REPLACE_EXISTING);
    }

    /** Browser console messages at warning level or above (script errors, refused by the CSP, failed loads). */
    public List<String> consoleProblems() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.WARNING.intValue())
                .map(LogEntry::toString)
                .toList();
    }

    /** Runs a script in the page and returns what it returns (numbers as Long or Double, lists, maps). */
    public Object script(String js, Object... args) {
        return driver.executeScript(js, args);
    }

    /** Whether the chart in the element with this id shows data (charts.js marks it). */
    public boolean drawn(String id) {
        return "true".equals(driver.findElement(By.id(id)).getDomAttribute("data-drawn"));
    }

    /** A value of the option the chart with this id draws, e.g. {@code "series[0].data.length"}. */
    public Object option(String id, String path) {
        return script("return echarts.getInstanceByDom(document.getElementById(arguments[0])).getOption()." + path, id);
    }

    /**
     * How many pixels of the chart's canvas have this colour (each channel within 24 of it): what a person sees
     * drawn, whatever the chart's data says.
     */
    public long pixels(String id, int red, int green, int blue) {
        return (Long) script("""
                const canvas = document.querySelector('#' + arguments[0] + ' canvas');
                // read from a copy: reading the chart's own canvas back makes Chromium warn about its speed
                const copy = document.createElement('canvas');
                copy.width = canvas.width;
                copy.height = canvas.height;
                const context = copy.getContext('2d', { willReadFrequently: true });
                context.drawImage(canvas, 0, 0);
                const data = context.getImageData(0, 0, copy.width, copy.height).data;
                let n = 0;
                for (let i = 0; i < data.length; i += 4) {
                  if (Math.abs(data[i] - arguments[1]) < 24 && Math.abs(data[i + 1] - arguments[2]) < 24
                      && Math.abs(data[i + 2] - arguments[3]) < 24) {
                    n++;
                  }
                }
                return n;""", id, red, green, blue);
    }

    /** The addresses the page requested from anywhere but its own origin (the CSP refuses them; none are made). */
    @SuppressWarnings("unchecked")
    public List<String> offOriginRequests() {
        return (List<String>) script("return performance.getEntriesByType('resource').map(e => e.name)"
                + ".filter(n => !n.startsWith(location.origin + '/'))");
    }

    public HttpResponse<String> call(String method, String path, String json, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .method(
                        method,
                        json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) {
            request.header("Content-Type", "application/json");
        }
        if (headers.length > 0) {
            request.headers(headers);
        }
        HttpResponse<String> answer = TestHttp.send(request.build());
        assertThat(answer.statusCode())
                .as("%s %s: %s", method, path, answer.body())
                .isLessThan(500);
        return answer;
    }

    @Override
    public void close() {
        driver.quit();
    }
}
