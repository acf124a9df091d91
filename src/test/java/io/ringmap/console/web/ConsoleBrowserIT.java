package io.ringmap.console.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * The console in headless Chromium on the bundled sample: each view shows what the API answers. The heatmap's hottest
 * cell after a Zipf workload of POST /hits is the hot key's token range; the ring shows the four nodes with their
 * ownership; what-if with N3 and N4 down at QUORUM highlights exactly the ranges /availability names; sizes shows
 * the 409 saying sizes need a live cluster; the plans view charts the AtlasMart comparison as POST /plan answers it.
 * No message of warning level or above in the browser console (script errors, CSP refusals, failed loads).
 * Screenshots in target/console/.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "management.server.port=0")
class ConsoleBrowserIT extends ConsoleBrowserTest {

    @Test
    void everyViewShowsWhatTheApiAnswers() throws Exception {
        // given a Zipf workload (s = 1.2) over 300 sensors of one day, reported as hits
        StringBuilder hits = new StringBuilder("{\"keyspace\":\"iot\",\"table\":\"readings\",\"hits\":[");
        for (int k = 1; k <= 300; k++) {
            hits.append(k > 1 ? "," : "").append("{\"key\":{\"sensor_id\":\"sensor-").append(k)
                    .append("\",\"day\":\"2026-12-01\"},\"count\":").append((long) (50_000 / Math.pow(k, 1.2)) + 1)
                    .append('}');
        }
        browser.call("POST", "/hits", hits.append("]}").toString());
        String hotToken = JsonPath.read(browser.call("GET", "/token?keyspace=iot&table=readings&sensor_id=sensor-1"
                + "&day=2026-12-01", null).body(), "$.token");

        // when the console opens on the key visualizer and shows the table
        browser.open("/console");
        browser.settle();
        new Select(browser.driver.findElement(By.id("heatmap-table"))).selectByValue("iot.readings");
        new Select(browser.driver.findElement(By.id("heatmap-window"))).selectByValue("10m");
        browser.driver.findElement(By.cssSelector("#heatmap-form button[type=submit]")).click();
        browser.settle();

        // then the hottest cell is the bucket of the hot key's token, as GET /heatmap counts it
        WebElement summary = browser.driver.findElement(By.id("heatmap-summary"));
        BigInteger start = new BigInteger(summary.getDomAttribute("data-hottest-start"));
        BigInteger end = new BigInteger(summary.getDomAttribute("data-hottest-end"));
        BigInteger token = new BigInteger(hotToken);
        assertThat(token).isGreaterThan(start).isLessThanOrEqualTo(end);
        String heatmap = browser.call("GET", "/heatmap?keyspace=iot&table=readings&window=10m", null).body();
        List<Integer> buckets = JsonPath.read(heatmap,
                "$.buckets[?(@.hotKeys[0].label == 'sensor-1:2026-12-01')].index");
        assertThat(buckets).containsExactly(Integer.valueOf(summary.getDomAttribute("data-hottest-bucket")));
        assertThat(browser.driver.findElements(By.cssSelector("#heatmap-chart rect[data-count]")))
                .hasSize(((List<?>) JsonPath.read(heatmap, "$.buckets")).size()
                        * ((List<?>) JsonPath.read(heatmap, "$.slices")).size());
        assertThat(browser.driver.findElement(By.id("heatmap-cell")).getText())
                .contains("sensor-1:2026-12-01").contains("127.0.0.");
        assertThat(browser.driver.findElement(By.id("heatmap-peers")).getText())
                .isEqualTo("Counts of this instance only (no peers: ringmap.peers.*).");
        browser.screenshot("heatmap");

        // the ring: every node with its ownership and effective ownership, a node's ranges and whether it can stop
        browser.driver.findElement(By.id("tab-ring")).click();
        browser.driver.findElement(By.cssSelector("#ring-form button[type=submit]")).click();
        browser.settle();
        assertThat(browser.driver.findElements(By.cssSelector("#ring-nodes tr"))).hasSize(5);
        assertThat(browser.driver.findElement(By.id("ring-nodes")).getText()).contains("N3", "25.0 %", "75.0 %");
        assertThat(browser.driver.findElements(By.cssSelector("#ring-chart path.primary"))).hasSize(1);
        assertThat(browser.driver.findElements(By.cssSelector("#ring-chart path.replica"))).hasSize(2);
        assertThat(browser.driver.findElement(By.id("ring-node-details")).getText())
                .contains("Safe to stop at QUORUM: yes.").contains("static topology");
        browser.screenshot("ring");

        // what-if: N3 and N4 down at QUORUM highlights the ranges /availability names
        browser.driver.findElement(By.id("tab-whatif")).click();
        browser.driver.findElement(By.id("down-127.0.0.3")).click();
        browser.driver.findElement(By.id("down-127.0.0.4")).click();
        new Select(browser.driver.findElement(By.id("whatif-keyspace"))).selectByValue("iot");
        new Select(browser.driver.findElement(By.id("whatif-consistency"))).selectByValue("QUORUM");
        browser.driver.findElement(By.cssSelector("#whatif-form button[type=submit]")).click();
        browser.settle();
        String availability = browser.call("GET", "/availability?consistency=QUORUM&keyspace=iot"
                + "&down=127.0.0.3,127.0.0.4", null).body();
        List<String> starts = JsonPath.read(availability, "$.keyspaces[0].unavailableRanges[*].start");
        List<String> ends = JsonPath.read(availability, "$.keyspaces[0].unavailableRanges[*].end");
        Set<String> expected = new HashSet<>();
        for (int i = 0; i < starts.size(); i++) {
            expected.add("(" + starts.get(i) + ", " + ends.get(i) + "]");
        }
        assertThat(expected).hasSize(2);
        List<String> shown = new ArrayList<>();
        for (WebElement arc : browser.driver.findElements(By.cssSelector("#whatif-chart path.lost"))) {
            shown.add("(" + arc.getDomAttribute("data-start") + ", " + arc.getDomAttribute("data-end") + "]");
        }
        assertThat(shown).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(browser.driver.findElements(By.cssSelector("#whatif-share rect[data-value='50']"))).hasSize(2);
        browser.screenshot("what-if");

        // sizes: the bundled sample has none, and says so with the API's problem
        browser.driver.findElement(By.id("tab-sizes")).click();
        browser.driver.findElement(By.cssSelector("#sizes-form button[type=submit]")).click();
        browser.settle();
        WebElement message = browser.driver.findElement(By.id("sizes-message"));
        assertThat(message.getDomAttribute("data-problem")).isEqualTo("urn:ringmap:problem:sizes-not-collected");
        assertThat(message.getText()).contains("static topology");
        browser.screenshot("sizes");

        // plans: the AtlasMart comparison side by side, as POST /plan answers it
        browser.driver.findElement(By.id("tab-plans")).click();
        browser.driver.findElement(By.cssSelector("#plans-form button[type=submit]")).click();
        browser.settle();
        assertThat(browser.driver.findElements(By.cssSelector("#plans-rows rect[data-value='15000000']"))).hasSize(4);
        assertThat(browser.driver.findElements(By.cssSelector("#plans-rows rect[data-value='480000']"))).hasSize(3);
        assertThat(browser.driver.findElement(By.id("plans-table")).getText())
                .contains("tenant only 1 15,000,000").contains("tenant + device + day 90 480,000");
        browser.screenshot("plans");

        assertThat(browser.driver.findElement(By.id("error")).isDisplayed()).isFalse();
        // Chromium logs every non-2xx answer; the two 409s of the nodes' figures are the sample's answer the page shows
        assertThat(browser.consoleProblems()).filteredOn(m -> !(m.contains("/load?keyspace=iot ")
                || m.contains("/sizes?keyspace=iot&table=readings ")) || !m.contains("status of 409")).isEmpty();
    }
}
