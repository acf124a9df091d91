package io.ringmap.console.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import io.ringmap.testsupport.Polling;
import java.math.BigInteger;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.interactions.WheelInput;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * What a person meets in the console on a bundled sample, every figure compared with the API's own answer: each view
 * draws its data without a click (the key visualizer on the hottest table, zoomed to the slices with data, its token
 * axis named by node, DC and rack; the ring per node with the picked node's ranges; what-if in its default state,
 * "every keyspace"), zooming changes what the key visualizer shows, lost ranges are drawn in their own colour, a 409
 * says in its view what is needed and an error stays in its view until that view next succeeds. The browser logs
 * nothing but those 409s and the page requests nothing off its origin. Screenshots in target/console/.
 */
abstract class ConsoleScenario extends ConsoleBrowserTest {

    /** Lost ranges' colour (whatif-model.js STATES.lost), counted on the canvas. */
    private static final int[] LOST = {0xb0, 0x00, 0x20};

    private final String hitKeyspace;
    private final List<String> downNodes;
    private final String sample;

    /**
     * @param hitKeyspace the keyspace of the table the workload hits: the sample's last, so the console must find it
     * @param downNodes   two or more nodes whose outage loses ranges at QUORUM
     * @param sample      the prefix of the screenshots' names
     */
    ConsoleScenario(String hitKeyspace, List<String> downNodes, String sample) {
        this.hitKeyspace = hitKeyspace;
        this.downNodes = List.copyOf(downNodes);
        this.sample = sample;
    }

    @Test
    void everyViewShowsWhatTheApiAnswersWithoutAClick() throws Exception {
        // given a Zipf workload (s = 1.2) over 300 sensors of one day, reported as hits on the sample's last table
        StringBuilder hits =
                new StringBuilder("{\"keyspace\":\"" + hitKeyspace + "\",\"table\":\"readings\",\"hits\":[");
        for (int k = 1; k <= 300; k++) {
            hits.append(k > 1 ? "," : "")
                    .append("{\"key\":{\"sensor_id\":\"sensor-")
                    .append(k)
                    .append("\",\"day\":\"2026-12-01\"},\"count\":")
                    .append((long) (50_000 / Math.pow(k, 1.2)) + 1)
                    .append('}');
        }
        String workload = hits.append("]}").toString();
        browser.call("POST", "/hits", workload);
        // a key's hits count in a slice's keys once it is among the table's tracked keys (the top K, refreshed every
        // second): the hottest key is reported again until a slice names it, then the whole workload once more
        String hotKey = "sensor-1:2026-12-01";
        String oneHit = "{\"keyspace\":\"" + hitKeyspace + "\",\"table\":\"readings\",\"hits\":[{\"key\":"
                + "{\"sensor_id\":\"sensor-1\",\"day\":\"2026-12-01\"},\"count\":1}]}";
        Polling.until("a slice naming " + hotKey, Polling.PROMISE, Duration.ofMillis(300), () -> {
            browser.call("POST", "/hits", oneHit);
            return JsonPath.<List<String>>read(
                            browser.call("GET", "/heatmap?keyspace=" + hitKeyspace + "&table=readings", null)
                                    .body(),
                            "$.slices[*].keys[*].label")
                    .contains(hotKey);
        });
        browser.call("POST", "/hits", workload);
        BigInteger hotToken = new BigInteger(JsonPath.<String>read(
                browser.call(
                                "GET",
                                "/token?keyspace=" + hitKeyspace + "&table=readings&sensor_id=sensor-1&day=2026-12-01",
                                null)
                        .body(),
                "$.token"));

        // when the console opens
        browser.open("/console");
        browser.settle();

        // then the key visualizer shows the hottest table, the hot key's range as its hottest cell, without a click
        assertThat(browser.driver.findElement(By.id("heatmap-table")).getDomProperty("value"))
                .isEqualTo(hitKeyspace + ".readings");
        assertThat(browser.drawn("heatmap-chart")).isTrue();
        WebElement summary = browser.driver.findElement(By.id("heatmap-summary"));
        assertThat(hotToken)
                .isGreaterThan(new BigInteger(summary.getDomAttribute("data-hottest-start")))
                .isLessThanOrEqualTo(new BigInteger(summary.getDomAttribute("data-hottest-end")));
        // the cells drawn are the answer's non-zero cells
        String heatmap = browser.call(
                        "GET",
                        "/heatmap?keyspace=" + hitKeyspace + "&table=readings&buckets="
                                + ((Number) browser.option("heatmap-chart", "yAxis[0].data.length")).intValue(),
                        null)
                .body();
        List<Integer> counts = JsonPath.read(heatmap, "$.slices[*].counts[*]");
        assertThat(((Number) browser.option("heatmap-chart", "series[0].data.length")).longValue())
                .isEqualTo(counts.stream().filter(c -> c > 0).count());
        // the window fits the data: the minute of hits fills the chart, not a strip of the hour
        WebElement visible = browser.driver.findElement(By.id("heatmap-visible"));
        assertThat(Integer.parseInt(visible.getDomAttribute("data-slices"))).isBetween(2, 6);
        // the token axis names the node, DC and rack owning each range, never a token in scientific notation
        @SuppressWarnings("unchecked")
        List<String> labels = (List<String>) browser.option("heatmap-chart", "yAxis[0].data");
        assertThat(labels).allMatch(l -> l.matches("\\S+ · \\S+/\\S+"));
        // cells are tall enough to see: at least 6 px
        assertThat(browser.driver.findElement(By.id("heatmap-chart")).getSize().getHeight() - 90)
                .isGreaterThanOrEqualTo(6 * labels.size());
        // the hottest cell (selected on open, in the side panel) under a person's pointer: its tooltip gives its time,
        // range, hits and replicas
        WebElement heatmapChart = browser.driver.findElement(By.id("heatmap-chart"));
        // aimed again at each try: the chart redraws as slices arrive, and the cell may have moved under a still
        // pointer (on a loaded machine the tooltip did not come within 60 s once)
        // and the tooltip read while it shows: a redraw between two reads hides it again (it read "" once)
        String hottestRange = "tokens (" + summary.getDomAttribute("data-hottest-start") + ", ";
        String tooltip = hoverUntil(
                heatmapChart,
                () -> {
                    WebElement cell = browser.driver.findElement(By.id("heatmap-cell"));
                    pointAt(heatmapChart, cell.getDomAttribute("data-slice"), cell.getDomAttribute("data-bucket"))
                            .perform();
                },
                text -> text.contains("replicas:") && text.contains(hottestRange));
        assertThat(tooltip).contains(hottestRange).contains(" hits");
        assertThat(browser.driver.findElement(By.id("heatmap-cell")).getText()).contains("sensor-1:2026-12-01");
        // the newest cell in which the hot key was hit, as the API answers: its tooltip and, once clicked, the side
        // panel name the key with its hits in that slice
        int newest = -1;
        List<String> starts = JsonPath.read(heatmap, "$.slices[*].start");
        for (int i = 0; i < starts.size(); i++) {
            if (JsonPath.<List<String>>read(heatmap, "$.slices[" + i + "].keys[*].label")
                    .contains(hotKey)) {
                newest = i;
            }
        }
        assertThat(newest).as("a slice naming the hot key").isNotNegative();
        Map<String, Object> key = JsonPath.<List<Map<String, Object>>>read(
                        heatmap, "$.slices[" + newest + "].keys[?(@.label == '" + hotKey + "')]")
                .get(0);
        String named =
                hotKey + " (" + String.format(Locale.ROOT, "%,d", ((Number) key.get("hits")).longValue()) + " hits)";
        String start = starts.get(newest).substring(11, 16);
        hoverUntil(
                heatmapChart,
                () -> {
                    // the chart's slice of that start, found again at each try (the chart may have a slice more then)
                    @SuppressWarnings("unchecked")
                    List<String> times = (List<String>) browser.option("heatmap-chart", "xAxis[0].data");
                    pointAt(heatmapChart, times.indexOf(start), key.get("bucket"))
                            .perform();
                },
                text -> text.contains(named));
        assertThat(browser.driver.findElement(By.id("heatmap-chart")).getText())
                .contains("hottest keys in this cell: " + named);
        new Actions(browser.driver).click().perform(); // where the pointer is: on that cell
        browser.wait.until(d -> d.findElement(By.id("heatmap-cell")).getText().contains(named));
        assertThat(browser.driver.findElement(By.id("heatmap-cell")).getText())
                .contains("Hottest keys in this cell")
                .contains(named);
        // the servers' series cannot be had on a static topology: offered disabled, saying why
        WebElement reads = browser.driver.findElement(By.cssSelector("#heatmap-source option[value=reads]"));
        assertThat(reads.isEnabled()).isFalse();
        assertThat(reads.getText()).contains("not here");
        assertThat(browser.driver.findElement(By.id("heatmap-sources")).getText())
                .contains("live cluster");
        browser.screenshot(sample + "-heatmap");
        // a selection of every cell (the brush tool's rectangle) sums to the answer's hits, and is said in words
        browser.script(
                "echarts.getInstanceByDom(document.getElementById('heatmap-chart')).dispatchAction({type: "
                        + "'brush', areas: [{brushType: 'rect', xAxisIndex: 0, yAxisIndex: 0, coordRange: [[0, arguments[0]],"
                        + " [0, arguments[1]]]}]})",
                counts.size() / labels.size() - 1,
                labels.size() - 1);
        WebElement selection = browser.driver.findElement(By.id("heatmap-selection"));
        browser.wait.until(d -> selection.getDomAttribute("data-total") != null);
        assertThat(Long.parseLong(selection.getDomAttribute("data-total")))
                .isEqualTo(counts.stream().mapToLong(Integer::longValue).sum());
        assertThat(selection.getText()).startsWith("Selected: ");
        // a refresh of the same layout (as the live refresh every 15 s) keeps the selection and its sum
        String total = selection.getDomAttribute("data-total");
        browser.driver
                .findElement(By.cssSelector("#heatmap-form button[type=submit]"))
                .click();
        browser.settle();
        assertThat(selection.getDomAttribute("data-total")).isEqualTo(total);
        assertThat(selection.getText()).startsWith("Selected: ");
        browser.script("echarts.getInstanceByDom(document.getElementById('heatmap-chart')).dispatchAction({type: "
                + "'brush', areas: []})");

        // when the wheel turns over the chart, time zooms in; with shift, token space does
        String before = visible.getText();
        int buckets = Integer.parseInt(visible.getDomAttribute("data-buckets"));
        WebElement chart = browser.driver.findElement(By.id("heatmap-chart"));
        // as a person does, the wheel turns again while nothing has moved yet (under the suite's load one turn, sent
        // while the chart was still drawing the refresh, once changed nothing in 60 s)
        browser.wait.until(d -> {
            if (!visible.getText().equals(before)) {
                return true;
            }
            new Actions(d)
                    .scrollFromOrigin(WheelInput.ScrollOrigin.fromElement(chart), 0, -600)
                    .perform();
            return false;
        });
        browser.wait.until(d -> {
            if (Integer.parseInt(visible.getDomAttribute("data-buckets")) < buckets) {
                return true;
            }
            new Actions(d)
                    .keyDown(org.openqa.selenium.Keys.SHIFT)
                    .scrollFromOrigin(WheelInput.ScrollOrigin.fromElement(chart), 0, -1200)
                    .keyUp(org.openqa.selenium.Keys.SHIFT)
                    .perform();
            return false;
        });
        // and a refresh (as Live does every 15 s) keeps the zoom; Live can be paused
        // (as many slices and buckets; the window itself moves on with the clock)
        String zoomed = visible.getDomAttribute("data-slices") + " x " + visible.getDomAttribute("data-buckets");
        browser.driver
                .findElement(By.cssSelector("#heatmap-form button[type=submit]"))
                .click();
        browser.settle();
        assertThat(visible.getDomAttribute("data-slices") + " x " + visible.getDomAttribute("data-buckets"))
                .isEqualTo(zoomed);
        WebElement live = browser.driver.findElement(By.id("heatmap-live"));
        live.click();
        assertThat(live.getDomAttribute("aria-pressed")).isEqualTo("false");
        assertThat(live.getText()).isEqualTo("Live: paused");

        // the ring: per node, the picked node's primary and replica ranges as /ranges has them
        browser.driver.findElement(By.id("tab-ring")).click();
        browser.settle();
        String keyspace = browser.driver.findElement(By.id("ring-keyspace")).getDomProperty("value");
        String node = browser.driver.findElement(By.id("ring-node")).getDomProperty("value");
        String ranges =
                browser.call("GET", "/ranges?keyspace=" + keyspace, null).body();
        List<Map<String, Object>> nodes = JsonPath.read(ranges, "$.nodes");
        int index = nodes.stream().map(n -> n.get("address")).toList().indexOf(node);
        List<List<Integer>> replicas = JsonPath.read(ranges, "$.replicas");
        WebElement ring = browser.driver.findElement(By.id("ring-chart"));
        assertThat(browser.drawn("ring-chart")).isTrue();
        assertThat(ring.getDomAttribute("data-primary"))
                .isEqualTo(String.valueOf(
                        replicas.stream().filter(r -> r.get(0) == index).count()));
        assertThat(ring.getDomAttribute("data-replica"))
                .isEqualTo(String.valueOf(
                        replicas.stream().filter(r -> r.indexOf(index) > 0).count()));
        assertThat(browser.driver.findElements(By.cssSelector("#ring-nodes tr")))
                .hasSize(nodes.size() + 1);
        // the nodes' load needs a live cluster: said in place
        assertThat(browser.driver
                        .findElement(By.cssSelector("#ring-node-details p.needs"))
                        .getText())
                .contains("static topology");
        browser.screenshot(sample + "-ring");

        // what-if answers in its default state (every keyspace, no node down): nothing lost, nothing drawn lost
        browser.driver.findElement(By.id("tab-whatif")).click();
        browser.settle();
        assertThat(browser.driver.findElement(By.id("whatif-keyspace")).getDomProperty("value"))
                .isEmpty();
        assertThat(browser.drawn("whatif-chart")).isTrue();
        assertThat(browser.driver.findElement(By.id("whatif-banner")).isDisplayed())
                .isFalse();
        // (the legend's swatch is the only red)
        long legendOnly = browser.pixels("whatif-chart", LOST[0], LOST[1], LOST[2]);
        assertThat(legendOnly).isLessThan(500);
        // when nodes go down, the lost ranges /availability names are drawn in their colour, the table beside
        for (String down : downNodes) {
            browser.driver.findElement(By.id("down-" + down)).click();
            browser.settle();
        }
        String availability = browser.call(
                        "GET", "/availability?consistency=QUORUM&limit=10000&down=" + String.join(",", downNodes), null)
                .body();
        List<Boolean> readable = JsonPath.read(availability, "$.keyspaces[*].unavailableRanges[*].readable");
        List<Boolean> writable = JsonPath.read(availability, "$.keyspaces[*].unavailableRanges[*].writable");
        long lost = 0;
        for (int i = 0; i < readable.size(); i++) {
            lost += !readable.get(i) && !writable.get(i) ? 1 : 0;
        }
        assertThat(lost).isPositive();
        WebElement whatIf = browser.driver.findElement(By.id("whatif-chart"));
        assertThat(whatIf.getDomAttribute("data-lost")).isEqualTo(String.valueOf(lost));
        assertThat(whatIf.getDomAttribute("data-partly")).isEqualTo(String.valueOf(readable.size() - lost));
        assertThat(browser.pixels("whatif-chart", LOST[0], LOST[1], LOST[2])).isGreaterThan(legendOnly + 2000);
        assertThat(browser.driver.findElement(By.id("whatif-ranges")).getText()).contains("lost (reads and writes)");
        browser.screenshot(sample + "-what-if");

        // the rolling restart at the default level (QUORUM, every keyspace): the plan's waves on the ring and the
        // guide's answer, as the API gives them; a plan that cannot keep the level is the API's 409 in the view
        browser.driver.findElement(By.id("tab-restart")).click();
        browser.settle();
        HttpResponse<String> plan = browser.call("POST", "/plan/restart", "{\"consistency\": \"QUORUM\"}");
        if (plan.statusCode() == 200) {
            int waves = JsonPath.<Integer>read(plan.body(), "$.waveCount");
            assertThat(browser.drawn("restart-chart")).isTrue();
            assertThat(browser.driver.findElement(By.id("restart-chart")).getDomAttribute("data-waves"))
                    .isEqualTo(String.valueOf(waves));
            assertThat(browser.driver.findElements(By.cssSelector("#restart-waves tr")))
                    .hasSize(waves + 1);
            assertThat(browser.driver.findElement(By.id("restart-guide")).getDomAttribute("data-action"))
                    .isEqualTo("STOP");
        } else {
            assertThat(plan.statusCode()).isEqualTo(409);
            assertThat(browser.driver.findElement(By.id("restart-banner")).getDomAttribute("data-problem"))
                    .isEqualTo("urn:ringmap:problem:restart-unsafe");
            assertThat(browser.drawn("restart-chart")).isFalse();
        }
        browser.screenshot(sample + "-restart");

        // sizes need a live cluster: the 409 says so in the sizes view, and no empty chart is left
        browser.driver.findElement(By.id("tab-sizes")).click();
        browser.settle();
        WebElement sizes = browser.driver.findElement(By.id("sizes-banner"));
        assertThat(sizes.getDomAttribute("data-problem")).isEqualTo("urn:ringmap:problem:sizes-not-collected");
        assertThat(sizes.getText()).contains("static topology");
        assertThat(browser.driver.findElement(By.id("sizes-largest")).isDisplayed())
                .isFalse();
        browser.screenshot(sample + "-sizes");

        // plans: drawn on open; a broken request is an error of the plans view alone, gone when it next succeeds
        browser.driver.findElement(By.id("tab-plans")).click();
        browser.settle();
        assertThat(browser.drawn("plans-rows")).isTrue();
        assertThat(browser.option("plans-rows", "series[0].data").toString()).contains("15000000");
        WebElement request = browser.driver.findElement(By.id("plans-request"));
        String atlasMart = request.getDomProperty("value");
        request.sendKeys("}");
        browser.driver
                .findElement(By.cssSelector("#plans-form button[type=submit]"))
                .click();
        browser.settle();
        assertThat(browser.driver.findElement(By.id("plans-banner")).getText()).contains("not JSON");
        browser.driver.findElement(By.id("tab-heatmap")).click();
        assertThat(browser.driver.findElement(By.id("heatmap-banner")).isDisplayed())
                .isFalse();
        assertThat(browser.driver.findElement(By.id("error")).isDisplayed()).isFalse();
        browser.driver.findElement(By.id("tab-plans")).click();
        browser.script("document.getElementById('plans-request').value = arguments[0]", atlasMart);
        browser.driver
                .findElement(By.cssSelector("#plans-form button[type=submit]"))
                .click();
        browser.settle();
        assertThat(browser.driver.findElement(By.id("plans-banner")).isDisplayed())
                .isFalse();
        browser.screenshot(sample + "-plans");

        // Chromium logs every non-2xx answer: the 409s the views show in place (sizes and load need a live cluster,
        // the servers' series JMX sampling, "not safe to stop" and "no restart keeps the level" are answers) are the
        // only ones
        assertThat(browser.consoleProblems())
                .filteredOn(m -> !m.contains("status of 409")
                        || !(m.contains("/sizes?")
                                || m.contains("/load?")
                                || m.contains("/availability/safe-to-stop?")
                                || m.contains("source=reads")
                                || m.contains("source=writes")
                                || m.contains("/plan/restart -")))
                .isEmpty();
        assertThat(browser.offOriginRequests()).isEmpty();
    }

    /**
     * Aims the pointer ({@code aim}) and reads the chart's text until it shows a tooltip that {@code shows}, for up to
     * {@link #TOOLTIP_SHOWN} after each aim before aiming again (the chart redraws as slices arrive, and the cell may
     * have moved from under a still pointer), within the browser's wait. The tooltip fades in: read at once after the
     * move on a loaded machine, it had no text yet at every try (CI, 60 s, once). The failure names the last text.
     */
    private String hoverUntil(WebElement chart, Runnable aim, Predicate<String> shows) {
        String[] last = {""};
        return new WebDriverWait(browser.driver, ConsoleBrowser.WAIT)
                .withMessage(() -> "a tooltip as expected under the pointer; the chart's text last read: " + last[0])
                .until(d -> {
                    aim.run();
                    last[0] = Polling.atMost(TOOLTIP_SHOWN, Duration.ofMillis(100), chart::getText, shows);
                    return shows.test(last[0]) ? last[0] : null;
                });
    }

    private static final Duration TOOLTIP_SHOWN = Duration.ofSeconds(3);

    /**
     * The pointer's way to the heatmap cell of slice index {@code slice} and bucket {@code bucket} (numbers or their
     * text), by way of a point 3 px to its left, so that the pointer moves onto the cell even when it is there
     * already, and the chart sees it. (It went by way of offset (0, 0), meant as the chart's corner; but W3C actions
     * count offsets from the element's centre, so a cell drawn at the centre got no move at all, and no tooltip, at
     * any try: CI, 60 s, twice.)
     */
    private Actions pointAt(WebElement chart, Object slice, Object bucket) {
        @SuppressWarnings("unchecked")
        List<Number> pixel = (List<Number>) browser.script(
                "return echarts.getInstanceByDom(document.getElementById('heatmap-chart'))"
                        + ".convertToPixel({seriesIndex: 0}, [Number(arguments[0]), Number(arguments[1])])",
                slice,
                bucket);
        int x = pixel.get(0).intValue() - chart.getSize().getWidth() / 2;
        int y = pixel.get(1).intValue() - chart.getSize().getHeight() / 2;
        return new Actions(browser.driver).moveToElement(chart, x - 3, y).moveToElement(chart, x, y);
    }
}
