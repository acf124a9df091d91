package io.ringmap.routing.web.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.ringmap.RingmapApplication;
import io.ringmap.testsupport.MovingClock;
import io.ringmap.web.errors.RawHttp;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;

/**
 * {@link SingleKeyFilter} changes nothing but the cost: two instances on the bundled sample, one with the filter and
 * one without ({@code ringmap.api.single-key-filter=false}), get the same requests, generated from a grammar of
 * {@code GET /replicas}'s forms (the path as written, the method, every parameter in every order, with and without
 * {@code pk.}, given twice, empty, undecodable, values each column's type accepts and refuses, a token instead of a
 * key, consistency levels, data centres, {@code Accept}, {@code If-None-Match}, {@code Accept-Encoding},
 * {@code Origin}),
 * and must give the same whole answers (status, every header but {@code Date}, body), count the same hot keys and
 * observe the same {@code http.server.requests}. Raw sockets, so requests reach Tomcat as written; the clocks stand
 * still, so {@code ageSeconds} and {@code createdAt} are the same on both.
 */
class SingleKeyFilterDifferentialTest {

    static final int REQUESTS = 1500;

    @Configuration(proxyBeanMethods = false)
    static class StillClock {
        @Bean
        @Primary
        Clock stillClock() {
            return new MovingClock(Instant.parse("2026-12-01T00:00:00Z"));
        }
    }

    static ConfigurableApplicationContext filtered;
    static ConfigurableApplicationContext unfiltered;

    @BeforeAll
    static void startBoth() {
        filtered = start(true);
        unfiltered = start(false);
    }

    @AfterAll
    static void stopBoth() {
        for (ConfigurableApplicationContext context : new ConfigurableApplicationContext[] {filtered, unfiltered}) {
            if (context != null) {
                context.close();
            }
        }
    }

    private static ConfigurableApplicationContext start(boolean filter) {
        return new SpringApplicationBuilder(RingmapApplication.class, StillClock.class)
                .run("--server.port=0", "--management.server.port=0", "--ringmap.api.single-key-filter=" + filter);
    }

    @Test
    void answersEveryGeneratedRequestAsSpringMvcDoes() {
        Grammar.Request first = Grammar.request(
                "GET", "/replicas?keyspace=iot&table=readings&sensor_id=s-0" + "&day=2026-10-01", Map.of());
        String etag = send(filtered, first).header("etag");
        assertThat(send(unfiltered, first).header("etag")).isEqualTo(etag).startsWith("W/\"");
        Grammar grammar = new Grammar(new SplittableRandom(20261203), etag);
        List<String> differences = new ArrayList<>();
        Map<Integer, Integer> statuses = new TreeMap<>();
        for (int i = 0; i < REQUESTS; i++) {
            Grammar.Request request = grammar.next();
            RawHttp.Response expected = send(unfiltered, request);
            RawHttp.Response actual = send(filtered, request);
            statuses.merge(expected.status(), 1, Integer::sum);
            if (expected.status() != actual.status()
                    || !expected.body().equals(actual.body())
                    || !withoutDate(expected).equals(withoutDate(actual))) {
                differences.add(request.text().strip() + "\n  Spring MVC: " + expected + "\n  filter:     " + actual);
            }
        }
        assertThat(differences)
                .as(String.join("\n", differences.subList(0, Math.min(10, differences.size()))))
                .isEmpty();
        // the grammar reaches every kind of answer
        assertThat(statuses).containsKeys(200, 304, 400, 404, 406);
        assertThat(statuses.get(200)).as(statuses.toString()).isGreaterThan(REQUESTS / 3);

        // the filter answered most of them, and left each kind of request it leaves to Spring MVC
        MeterRegistry meters = filtered.getBean(MeterRegistry.class);
        assertThat(meters.get(SingleKeyFilter.ANSWERED).counter().count()).isGreaterThan(REQUESTS / 3.0);
        for (SingleKeyFilter.Fallback reason : SingleKeyFilter.Fallback.values()) {
            Counter left = meters.get(SingleKeyFilter.FALLBACKS)
                    .tag("reason", reason.tag())
                    .counter();
            assertThat(left.count()).as(reason.tag()).isPositive();
        }
        assertThat(unfiltered
                        .getBean(MeterRegistry.class)
                        .find(SingleKeyFilter.ANSWERED)
                        .counter())
                .isNull();

        // the same keys counted as hot: the table's hits and its top keys with their estimates
        String hotKeys = Grammar.request("GET", "/hotkeys?keyspace=iot&table=readings", Map.of())
                .text();
        RawHttp.Response counted = RawHttp.send(port(unfiltered), hotKeys);
        assertThat(counted.status()).isEqualTo(200);
        assertThat(RawHttp.send(port(filtered), hotKeys).body()).isEqualTo(counted.body());

        // observed alike: each (uri, method, status) as often on both; the observation stops after the answer left
        await().atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(observations(filtered)).isEqualTo(observations(unfiltered)));
        assertThat(observations(filtered)).containsKey("/replicas GET 200");
    }

    private static Map<String, Long> observations(ConfigurableApplicationContext context) {
        Map<String, Long> counts = new TreeMap<>();
        for (Timer t : context.getBean(MeterRegistry.class)
                .find("http.server.requests")
                .timers()) {
            String uri = t.getId().getTag("uri");
            if (uri != null && !uri.startsWith("/hotkeys")) {
                counts.merge(
                        uri + " " + t.getId().getTag("method") + " " + t.getId().getTag("status"),
                        t.count(),
                        Long::sum);
            }
        }
        return counts;
    }

    private static RawHttp.Response send(ConfigurableApplicationContext context, Grammar.Request request) {
        return RawHttp.send(
                port(context), request.text().getBytes(StandardCharsets.ISO_8859_1), "HEAD".equals(request.method()));
    }

    private static int port(ConfigurableApplicationContext context) {
        return ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    private static Map<String, String> withoutDate(RawHttp.Response r) {
        Map<String, String> headers = new LinkedHashMap<>(r.headers());
        headers.remove("date");
        return headers;
    }

    /**
     * The requests: mostly well-formed keys of {@code iot.readings} (so most are answered) with one or two things
     * changed, the rest drawn freely from every parameter, value, path and header form.
     */
    static final class Grammar {

        record Request(String method, String text) {}

        private static final String[] METHODS = {"HEAD", "POST", "DELETE", "OPTIONS"};
        private static final String[] PATHS = {
            "/replic%61s", "/replicas;v=1", "/replicas/", "/Replicas", "/replicas;v=%G0", "/replicas%2F"
        };
        private static final String[] KEYSPACES = {"iot", "iot", "iot", "%69ot", "nope", "", "system", "IOT"};
        private static final String[] TABLES = {"readings", "readings", "readings", "nope", "", "read%69ngs"};
        private static final String[] TOKENS = {
            "0",
            "1523456789012345678",
            "-9223372036854775808",
            "9223372036854775807",
            "abc",
            "9223372036854775808",
            "",
            "-0",
            "%2B5"
        };
        private static final String[] DCS = {"dc1", "dc2", "dc9", "", "DC1"};
        private static final String[] LEVELS = {
            "QUORUM", "LOCAL_QUORUM", "ONE", "EACH_QUORUM", "ANY", "BOGUS", "local_one", ""
        };
        private static final String[] SENSORS = {
            "caf%C3%A9+%26+%3D+%2B", "%ZZ", "%C0%80", "", "%F0%9F%98%80", "%4", "a+b", "%00", "%FF"
        };
        private static final String[] DAYS = {
            "2026-10-01",
            "2026-10-02",
            "1970-01-01",
            "-5877641-06-23",
            "someday",
            "2147483648",
            "4294967295",
            "4294967296",
            "2026-02-30",
            ""
        };
        private static final String[] OTHERS = {
            "ts=1",
            "colour=red",
            "=x",
            "pk.=1",
            "",
            "pk.table=readings",
            "pk.keyspace=x",
            "keyspace",
            "dc",
            "%ZZ=1",
            "sensor%5Fid=s-9"
        };
        private static final String[] ACCEPTS = {
            "application/json",
            "*/*",
            "text/html",
            "application/*",
            "text/html, application/*",
            "application/json;q=0.5, */*;q=0.1",
            "application/problem+json",
            "APPLICATION/JSON",
            "application/json, text/html",
            "text/plain",
            "application/*+json",
            ""
        };

        private final SplittableRandom random;
        private final String etag;
        private int serial;

        Grammar(SplittableRandom random, String etag) {
            this.random = random;
            this.etag = etag;
        }

        Request next() {
            String method = chance(90) ? "GET" : pick(METHODS);
            String path = chance(92) ? "/replicas" : pick(PATHS);
            List<String> parameters = new ArrayList<>();
            int form = random.nextInt(100);
            if (form < 70) {
                parameters.add("keyspace=" + (chance(90) ? "iot" : pick(KEYSPACES)));
                parameters.add("table=" + (chance(90) ? "readings" : pick(TABLES)));
                parameters.add(column("sensor_id") + "=" + (chance(92) ? "s-" + (serial++ % 300) : pick(SENSORS)));
                parameters.add(column("day") + "=" + (chance(92) ? "2026-10-0" + (1 + random.nextInt(9)) : pick(DAYS)));
                if (chance(15)) {
                    parameters.add("dc=" + pick(DCS));
                }
                if (chance(10)) {
                    parameters.add("consistency=" + pick(LEVELS));
                }
            } else if (form < 82) {
                parameters.add("keyspace=" + pick(KEYSPACES));
                parameters.add("token=" + (chance(50) ? Long.toString(random.nextLong()) : pick(TOKENS)));
                if (chance(30)) {
                    parameters.add("dc=" + pick(DCS));
                }
                if (chance(30)) {
                    parameters.add("consistency=" + pick(LEVELS));
                }
            } else {
                int n = random.nextInt(7);
                for (int i = 0; i < n; i++) {
                    parameters.add(anyParameter());
                }
            }
            int extra = chance(85) ? 0 : 1 + random.nextInt(2);
            for (int i = 0; i < extra; i++) {
                parameters.add(chance(50) ? anyParameter() : pick(OTHERS));
            }
            shuffle(parameters);
            String query = String.join("&", parameters);
            String target = path + (query.isEmpty() && chance(50) ? "" : "?" + query);
            Map<String, String> headers = new LinkedHashMap<>();
            if (chance(25)) {
                headers.put("Accept", pick(ACCEPTS));
            }
            if (chance(15)) {
                headers.put(
                        "If-None-Match",
                        switch (random.nextInt(5)) {
                            case 0 -> etag;
                            case 1 -> etag.substring(2);
                            case 2 -> "*";
                            case 3 -> "\"x\", " + etag;
                            default -> "\"matches-nothing\"";
                        });
            }
            if (chance(15)) {
                headers.put("Accept-Encoding", "gzip");
            }
            if (chance(10)) {
                headers.put("Origin", "http://elsewhere.example");
            }
            String text = request(method, target, headers).text();
            if (chance(3)) { // a second Accept header
                text = text.replace("Host: localhost\r\n", "Host: localhost\r\nAccept: " + pick(ACCEPTS) + "\r\n");
            }
            return new Request(method, text);
        }

        static Request request(String method, String target, Map<String, String> headers) {
            if (!method.equals("POST")) {
                return new Request(method, RawHttp.request(method, target, headers));
            }
            Map<String, String> withBody = new LinkedHashMap<>(headers);
            withBody.put("Content-Type", "application/json");
            withBody.put("Content-Length", "2");
            return new Request(method, RawHttp.request(method, target, withBody) + "{}");
        }

        private String anyParameter() {
            return switch (random.nextInt(8)) {
                case 0 -> "keyspace=" + pick(KEYSPACES);
                case 1 -> "table=" + pick(TABLES);
                case 2 -> "token=" + pick(TOKENS);
                case 3 -> "dc=" + pick(DCS);
                case 4 -> "consistency=" + pick(LEVELS);
                case 5 -> column("sensor_id") + "=" + (chance(50) ? "s-" + random.nextInt(50) : pick(SENSORS));
                case 6 -> column("day") + "=" + pick(DAYS);
                default -> pick(OTHERS);
            };
        }

        private String column(String name) {
            return chance(20) ? "pk." + name : name;
        }

        private boolean chance(int percent) {
            return random.nextInt(100) < percent;
        }

        private String pick(String[] choices) {
            return choices[random.nextInt(choices.length)];
        }

        private void shuffle(List<String> items) {
            if (chance(50)) {
                return; // half in the order clients write them
            }
            for (int i = items.size() - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                String t = items.get(i);
                items.set(i, items.get(j));
                items.set(j, t);
            }
        }
    }
}
