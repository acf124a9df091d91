package io.ringmap.web;

import static io.ringmap.web.ProblemAssertions.problem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.ringmap.planning.config.PlanningConfiguration;
import io.ringmap.planning.web.ShardPlanController;
import io.ringmap.routing.RoutingService;
import io.ringmap.routing.web.ReplicasController;
import io.ringmap.routing.web.SingleKeyAnswers;
import io.ringmap.routing.web.TokenController;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.web.servlet.MockMvc;

/**
 * The key-parameter rule of every endpoint that takes a partition key on the URL, one table of endpoints: which names
 * are the endpoint's own (as docs/api.md lists them), every other name a key column, {@code pk.} forcing a column,
 * a parameter given twice refused naming it, and an unknown column refused. The table {@code ks.named} has key
 * columns named like the endpoints' parameters ({@code table}, {@code token}, {@code dc}, {@code load},
 * {@code keyspace}) and a shard column.
 */
@WebMvcTest(controllers = {TokenController.class, ReplicasController.class, ShardPlanController.class})
@Import(PlanningConfiguration.class)
class KeyParametersTest {

    @TestConfiguration
    static class Config {
        @Bean
        RoutingService routingService() {
            return WebTestSupport.routing(WebTestSupport.ringFrom("/topology/key-parameters.yaml"), 10);
        }
    }

    /** One endpoint: its path, the parameters it needs besides the key, and the key columns it reads. */
    record Endpoint(String path, KeyParameters parameters, String given, List<String> columns) {}

    static final List<String> COLUMNS = List.of("table", "token", "dc", "load", "keyspace", "shard");

    static final List<Endpoint> ENDPOINTS = List.of(
            new Endpoint("/token", TokenController.PARAMETERS, "keyspace=ks&table=named", COLUMNS),
            new Endpoint("/replicas", SingleKeyAnswers.PARAMETERS, "keyspace=ks&table=named", COLUMNS),
            // the shard column is the one planned, so it is not given
            new Endpoint(
                    "/plan/shards",
                    ShardPlanController.PARAMETERS,
                    "keyspace=ks&table=named&shardColumn=shard&count=2",
                    COLUMNS.subList(0, 5)));

    @Autowired
    MockMvc mvc;

    @Test
    void eachEndpointReservesTheNamesTheApiDocumentLists() throws IOException {
        Map<String, Set<String>> documented = documentedReservedNames();

        for (Endpoint e : ENDPOINTS) {
            assertThat(documented.get("GET " + e.path()))
                    .as(e.path())
                    .isEqualTo(e.parameters().reserved());
        }
        assertThat(documented).hasSameSizeAs(ENDPOINTS);
    }

    @Test
    void readsEveryNameTheEndpointDoesNotReserveAsAKeyColumn() throws Exception {
        for (Endpoint e : ENDPOINTS) {
            StringBuilder query = new StringBuilder(e.given());
            for (String column : e.columns()) {
                String name = e.parameters().reserved().contains(column) ? "pk." + column : column;
                query.append('&').append(name).append('=').append(value(column));
            }
            mvc.perform(get(e.path() + "?" + query)).andExpect(status().isOk());
        }
    }

    @Test
    void forcesEveryColumnWithThePrefix() throws Exception {
        for (Endpoint e : ENDPOINTS) {
            String key =
                    e.columns().stream().map(c -> "pk." + c + "=" + value(c)).collect(Collectors.joining("&"));
            var answer =
                    mvc.perform(get(e.path() + "?" + e.given() + "&" + key)).andExpect(status().isOk());
            if (!e.path().equals("/plan/shards")) { // the plan answers with shards, not the key it was given
                for (String column : e.columns()) {
                    answer.andExpect(jsonPath("$.key." + column).value(value(column)));
                }
            }
        }
    }

    @Test
    void takesAReservedNameWithoutThePrefixAsTheEndpointsOwnParameter() throws Exception {
        for (Endpoint e : ENDPOINTS) {
            for (String column : e.columns()) {
                if (!e.parameters().reserved().contains(column) || e.given().contains(column + "=")) {
                    continue;
                }
                // every column given with the prefix but this one, which the endpoint reads as its own parameter:
                // the key misses it (or the parameter's own check refuses the value first)
                String key = e.columns().stream()
                        .map(c -> (c.equals(column) ? "" : "pk.") + c + "=" + value(c))
                        .collect(Collectors.joining("&"));
                int status = mvc.perform(get(e.path() + "?" + e.given() + "&" + key))
                        .andReturn()
                        .getResponse()
                        .getStatus();
                assertThat(status).as(e.path() + " " + column).isEqualTo(400);
            }
        }
    }

    @Test
    void refusesAnyParameterGivenTwiceNamingIt() throws Exception {
        for (Endpoint e : ENDPOINTS) {
            String key = keyOf(e);
            List<String> names = new ArrayList<>();
            Arrays.stream(e.given().split("&"))
                    .map(p -> p.substring(0, p.indexOf('=')))
                    .forEach(names::add);
            names.add(
                    e.parameters().reserved().contains(e.columns().get(0))
                            ? "pk." + e.columns().get(0)
                            : e.columns().get(0));
            for (String name : names) {
                String query = e.given() + "&" + key + "&" + name + "=again";
                problem(mvc.perform(get(e.path() + "?" + query)), 400, "invalid-parameter")
                        .andExpect(jsonPath("$.parameter").value(name))
                        // a typed parameter (count) is refused by its binding, the rest by KeyParameters
                        .andExpect(jsonPath("$.detail", Matchers.containsString("parameter '" + name + "'")));
            }
        }
    }

    @Test
    void refusesAColumnGivenBothBareAndWithThePrefix() throws Exception {
        for (Endpoint e : ENDPOINTS) {
            String bare = e.columns().stream()
                    .filter(c -> !e.parameters().reserved().contains(c))
                    .findFirst()
                    .orElseThrow();
            String query = e.given() + "&" + keyOf(e) + "&pk." + bare + "=again";
            problem(mvc.perform(get(e.path() + "?" + query)), 400, "invalid-parameter")
                    .andExpect(jsonPath("$.detail", Matchers.containsString("'" + bare + "' is given twice")));
        }
    }

    @Test
    void refusesAnUnknownColumnOrABarePrefixNamingIt() throws Exception {
        for (Endpoint e : ENDPOINTS) {
            problem(
                            mvc.perform(get(e.path() + "?" + e.given() + "&" + keyOf(e) + "&colour=red")),
                            400,
                            "key-components")
                    .andExpect(jsonPath("$.unknown[0]").value("colour"));
            problem(
                            mvc.perform(get(e.path() + "?" + e.given() + "&" + keyOf(e) + "&pk.=red")),
                            400,
                            "invalid-parameter")
                    .andExpect(jsonPath("$.parameter").value("pk."));
        }
    }

    @Test
    void refusesAReservedNameThatStartsWithThePrefix() {
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
                .isThrownBy(() -> KeyParameters.reserving("keyspace", "pk.table"))
                .withMessageContaining("pk.table");
    }

    /** Every key column of the endpoint, each under the name the endpoint reads it by. */
    private static String keyOf(Endpoint e) {
        return e.columns().stream()
                .map(c -> (e.parameters().reserved().contains(c) ? "pk." : "") + c + "=" + value(c))
                .collect(Collectors.joining("&"));
    }

    /** A valid value of the column: the shard column is an int, the others text. */
    private static String value(String column) {
        return column.equals("shard") ? "3" : "v-" + column;
    }

    /** docs/api.md's table of reserved names: a row per endpoint, {@code | `GET /x` | `a`, `b` |}. */
    static Map<String, Set<String>> documentedReservedNames() throws IOException {
        String doc = Files.readString(Path.of("docs/api.md"));
        Matcher row = Pattern.compile("(?m)^\\| `(GET /[a-z/]+)` \\| ((?:`[A-Za-z]+`(?:, )?)+) \\|")
                .matcher(doc);
        Map<String, Set<String>> out = new java.util.LinkedHashMap<>();
        while (row.find()) {
            Set<String> names = new LinkedHashSet<>();
            Matcher name = Pattern.compile("`([A-Za-z]+)`").matcher(row.group(2));
            while (name.find()) {
                names.add(name.group(1));
            }
            out.put(row.group(1), names);
        }
        return out;
    }
}
