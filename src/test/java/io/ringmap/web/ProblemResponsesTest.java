package io.ringmap.web;

import static io.ringmap.web.ProblemAssertions.problem;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.ringmap.routing.RoutingService;
import io.ringmap.routing.web.ReplicasController;
import io.ringmap.routing.web.RingController;
import io.ringmap.routing.web.SplitsController;
import io.ringmap.routing.web.TokenController;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;

/** Every error kind answers application/problem+json with its stable type, naming what was wrong. */
@WebMvcTest(
        controllers = {TokenController.class, ReplicasController.class, SplitsController.class, RingController.class})
@Import(SplitAndOwnershipServices.class)
class ProblemResponsesTest {

    @TestConfiguration
    static class Config {
        @Bean
        RoutingService routingService() {
            return WebTestSupport.routing(WebTestSupport.ringFrom("/topology/test-odd.yaml"), 3);
        }
    }

    @Autowired
    MockMvc mvc;

    @Test
    void rejectsAValueThatDoesNotParseAsItsColumnType() throws Exception {
        problem(
                        mvc.perform(get("/token?keyspace=iot&table=readings&sensor_id=s&day=yesterday")),
                        400,
                        "invalid-key-value")
                .andExpect(jsonPath("$.column").value("day"))
                .andExpect(jsonPath("$.value").value("yesterday"))
                .andExpect(jsonPath("$.expectedType").value("date"))
                .andExpect(jsonPath("$.instance").value("/token"))
                .andExpect(jsonPath("$.detail", Matchers.containsString("'day'")));
    }

    @Test
    void rejectsAnIntOutOfRange() throws Exception {
        problem(mvc.perform(get("/token?keyspace=iot&table=by_id&id=2147483648")), 400, "invalid-key-value")
                .andExpect(jsonPath("$.column").value("id"))
                .andExpect(jsonPath("$.expectedType").value("int"));
    }

    @Test
    void rejectsAKeyOverCassandrasSizeLimitNamingTheColumn() throws Exception {
        // Cassandra refuses any partition key over 65535 serialized bytes (Validation.validateKey)
        String key = "{\"keyspace\": \"iot\", \"table\": \"readings\", \"keys\": [{\"sensor_id\": \"%s\", "
                + "\"day\": \"2026-10-01\"}]}";
        problem(
                        mvc.perform(post("/token")
                                .contentType(MediaType.APPLICATION_JSON)
                                .content(key.formatted("x".repeat(65_536)))),
                        400,
                        "key-too-large")
                .andExpect(jsonPath("$.column").value("sensor_id"))
                .andExpect(jsonPath("$.limit").value(65535))
                .andExpect(jsonPath("$.size").value(65_536))
                .andExpect(jsonPath("$.value", Matchers.hasLength(259)));
        // the whole composite key counts: 2 + 65524 + 1 bytes of text, 2 + 4 + 1 of date
        problem(
                        mvc.perform(post("/token")
                                .contentType(MediaType.APPLICATION_JSON)
                                .content(key.formatted("x".repeat(65_530)))),
                        400,
                        "key-too-large")
                .andExpect(jsonPath("$.column").value("sensor_id"))
                .andExpect(jsonPath("$.size").value(65_540));
        mvc.perform(post("/token").contentType(MediaType.APPLICATION_JSON).content(key.formatted("x".repeat(65_524))))
                .andExpect(status().isOk());
    }

    @Test
    void answersANullKeyOrValueAsBadInput() throws Exception {
        // found by HttpFuzzTest: a single null key was a 500
        problem(
                        mvc.perform(post("/replicas")
                                .contentType(MediaType.APPLICATION_JSON)
                                .content("{\"keyspace\": \"iot\", \"table\": \"readings\", \"keys\": [null]}")),
                        400,
                        "key-components")
                .andExpect(jsonPath("$.missing[0]").value("sensor_id"));
        problem(
                        mvc.perform(post("/token")
                                .contentType(MediaType.APPLICATION_JSON)
                                .content(
                                        "{\"keyspace\": \"iot\", \"table\": \"readings\", \"keys\": [{\"sensor_id\": \"s\", \"day\": \"2026-10-01\"}, "
                                                + "null]}")),
                        400,
                        "key-components")
                .andExpect(jsonPath("$.index").value(1));
        mvc.perform(post("/token")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"keyspace\": \"iot\", \"table\": \"readings\", \"keys\": [{\"sensor_id\": null, "
                                + "\"day\": \"2026-10-01\"}]}"))
                .andExpect(status().is4xxClientError());
    }

    @Test
    void namesMissingKeyComponents() throws Exception {
        problem(mvc.perform(get("/token?keyspace=iot&table=readings&sensor_id=s")), 400, "key-components")
                .andExpect(jsonPath("$.missing[0]").value("day"))
                .andExpect(jsonPath("$.expected[1]").value("day"));
    }

    @Test
    void namesExtraKeyComponents() throws Exception {
        problem(
                        mvc.perform(get("/token?keyspace=iot&table=readings&sensor_id=s&day=2026-10-01&ts=1")),
                        400,
                        "key-components")
                .andExpect(jsonPath("$.unknown[0]").value("ts"));
    }

    @Test
    void rejectsAMalformedToken() throws Exception {
        problem(mvc.perform(get("/replicas?keyspace=iot&token=12abc")), 400, "invalid-token")
                .andExpect(jsonPath("$.token").value("12abc"))
                .andExpect(jsonPath("$.partitioner").value("Murmur3Partitioner"));
    }

    @Test
    void rejectsATokenOutsideTheRange() throws Exception {
        problem(mvc.perform(get("/replicas?keyspace=iot&token=9223372036854775808")), 400, "invalid-token");
    }

    @Test
    void namesAMissingParameter() throws Exception {
        problem(mvc.perform(get("/token?table=readings&sensor_id=s&day=2026-10-01")), 400, "invalid-parameter")
                .andExpect(jsonPath("$.parameter").value("keyspace"));
    }

    @Test
    void namesAParameterOfTheWrongType() throws Exception {
        problem(mvc.perform(get("/splits?keyspace=iot&table=readings&n=many")), 400, "invalid-parameter")
                .andExpect(jsonPath("$.parameter").value("n"));
    }

    @Test
    void rejectsASplitCountOutOfBounds() throws Exception {
        problem(mvc.perform(get("/splits?keyspace=iot&table=readings&n=0")), 400, "invalid-parameter")
                .andExpect(jsonPath("$.parameter").value("n"));
        problem(mvc.perform(get("/splits?keyspace=iot&table=readings&n=4&mode=odd")), 400, "invalid-parameter")
                .andExpect(jsonPath("$.parameter").value("mode"));
    }

    @Test
    void refusesMoreSplitsThanTheLimitBeforeCuttingAny() throws Exception {
        // n=100000 answered 69 MB in 5 s of CPU on a 1000 x 256 ring: every split carries its ranges' CQL
        problem(mvc.perform(get("/splits?keyspace=iot&table=readings&n=100000")), 400, "invalid-parameter")
                .andExpect(jsonPath("$.parameter").value("n"))
                .andExpect(jsonPath("$.detail")
                        .value("n must be between 1 and 10000 (ringmap.api.max-splits), was 100000"));
        problem(mvc.perform(get("/splits?keyspace=iot&table=readings&n=10001&mode=even")), 400, "invalid-parameter")
                .andExpect(jsonPath("$.parameter").value("n"));
        mvc.perform(get("/splits?keyspace=iot&table=readings&n=10000&mode=even"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.count").value(10_000));
    }

    @Test
    void rejectsAnUnknownDatacentreFilter() throws Exception {
        problem(mvc.perform(get("/replicas?keyspace=iot&token=1&dc=mars")), 400, "invalid-parameter")
                .andExpect(jsonPath("$.parameter").value("dc"));
    }

    @Test
    void rejectsAMalformedBody() throws Exception {
        problem(
                mvc.perform(
                        post("/token").contentType(MediaType.APPLICATION_JSON).content("{\"keyspace\": ")),
                400,
                "malformed-body");
    }

    @Test
    void namesTheLineAndColumnOfBrokenJson() throws Exception {
        problem(
                        mvc.perform(post("/token")
                                .contentType(MediaType.APPLICATION_JSON)
                                .content("{\"keyspace\": \"iot\",\n  \"table\": readings}")),
                        400,
                        "malformed-body")
                .andExpect(jsonPath("$.line").value(2))
                .andExpect(jsonPath("$.column").value(Matchers.greaterThan(10)))
                .andExpect(
                        jsonPath("$.detail", Matchers.startsWith("request body is not valid JSON at line 2, column")))
                .andExpect(jsonPath("$.detail", Matchers.not(Matchers.containsString("readings"))));
    }

    @Test
    void namesThePathOfAValueOfTheWrongShape() throws Exception {
        problem(
                        mvc.perform(
                                post("/token")
                                        .contentType(MediaType.APPLICATION_JSON)
                                        .content(
                                                "{\"keyspace\": \"iot\", \"table\": \"readings\", \"keys\": {\"sensor_id\": \"a\"}}")),
                        400,
                        "malformed-body")
                .andExpect(jsonPath("$.path").value("$.keys"))
                .andExpect(jsonPath("$.line").value(1))
                .andExpect(jsonPath(
                        "$.detail",
                        Matchers.startsWith("request body is JSON but not of the expected shape at line 1, column")))
                .andExpect(jsonPath("$.detail", Matchers.not(Matchers.containsString("io.ringmap"))));
    }

    @Test
    void tellsAFormBodyToSendJson() throws Exception {
        // what curl -d sends without -H 'Content-Type: application/json'
        problem(
                        mvc.perform(post("/token")
                                .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                                .content("{\"keyspace\": \"iot\"}")),
                        415,
                        "unsupported-media-type")
                .andExpect(jsonPath("$.contentType").value("application/x-www-form-urlencoded"))
                .andExpect(jsonPath("$.supported", Matchers.hasItem("application/json")))
                .andExpect(jsonPath("$.detail")
                        .value("Content-Type 'application/x-www-form-urlencoded' is not "
                                + "accepted here; send the body as JSON with the header 'Content-Type: application/json' "
                                + "(curl: -H 'Content-Type: application/json')"));
    }

    @Test
    void rejectsABodyMissingRequiredFields() throws Exception {
        problem(
                        mvc.perform(post("/token")
                                .contentType(MediaType.APPLICATION_JSON)
                                .content("{\"table\": \"readings\", \"keys\": []}")),
                        400,
                        "invalid-parameter")
                .andExpect(jsonPath("$.errors[0].field").value("keyspace"));
    }

    @Test
    void namesTheBadItemOfABatch() throws Exception {
        problem(
                        mvc.perform(post("/token")
                                .contentType(MediaType.APPLICATION_JSON)
                                .content("""
                {"keyspace": "iot", "table": "readings", "keys": [
                  {"sensor_id": "a", "day": "2026-10-01"}, {"sensor_id": "b", "day": "2026-13-01"}]}""")),
                        400,
                        "invalid-key-value")
                .andExpect(jsonPath("$.index").value(1))
                .andExpect(jsonPath("$.column").value("day"));
    }

    @Test
    void answersNullBatchItemsAsProblemsNamingTheItem() throws Exception {
        problem(
                mvc.perform(post("/replicas")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content(
                                "{\"keyspace\": \"iot\", \"table\": \"readings\", \"keys\": [null], \"dc\": \"dc1\"}")),
                400,
                "key-components");
        problem(
                        mvc.perform(post("/token")
                                .contentType(MediaType.APPLICATION_JSON)
                                .content(
                                        "{\"keyspace\": \"iot\", \"table\": \"readings\", \"keys\": [{\"sensor_id\": \"a\", "
                                                + "\"day\": \"2026-10-01\"}, null]}")),
                        400,
                        "key-components")
                .andExpect(jsonPath("$.index").value(1));
        problem(
                mvc.perform(post("/replicas")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"keyspace\": \"iot\", \"tokens\": [null]}")),
                400,
                "invalid-token");
        problem(
                        mvc.perform(post("/replicas")
                                .contentType(MediaType.APPLICATION_JSON)
                                .content("{\"keyspace\": \"iot\", \"tokens\": [\"1\", null]}")),
                        400,
                        "invalid-token")
                .andExpect(jsonPath("$.index").value(1));
    }

    @Test
    void answersUnknownKeyspaceWith404() throws Exception {
        problem(mvc.perform(get("/replicas?keyspace=nope&token=1")), 404, "unknown-keyspace")
                .andExpect(jsonPath("$.keyspace").value("nope"))
                .andExpect(jsonPath("$.known", Matchers.contains("iot", "odd", "system")))
                .andExpect(jsonPath("$.detail")
                        .value("keyspace 'nope' is not in the ring snapshot; the keyspaces "
                                + "are: iot, odd, system"));
        problem(
                mvc.perform(get("/token?keyspace=nope&table=readings&sensor_id=s&day=2026-10-01")),
                404,
                "unknown-keyspace");
    }

    @Test
    void answersUnknownTableWith404() throws Exception {
        problem(mvc.perform(get("/token?keyspace=iot&table=nope&k=1")), 404, "unknown-table")
                .andExpect(jsonPath("$.table").value("nope"))
                .andExpect(jsonPath("$.known", Matchers.contains("by_id", "readings")))
                .andExpect(jsonPath("$.detail")
                        .value("table 'iot.nope' is not in the ring snapshot; the tables of "
                                + "keyspace 'iot' are: by_id, readings"));
    }

    @Test
    void answersAnOversizedBatchWith413() throws Exception {
        problem(
                        mvc.perform(post("/replicas")
                                .contentType(MediaType.APPLICATION_JSON)
                                .content("{\"keyspace\": \"iot\", \"tokens\": [\"1\", \"2\", \"3\", \"4\"]}")),
                        413,
                        "batch-too-large")
                .andExpect(jsonPath("$.limit").value(3))
                .andExpect(jsonPath("$.size").value(4));
    }

    @Test
    void failsAKeyspaceWithAnUnknownStrategyOnItsOwn() throws Exception {
        problem(mvc.perform(get("/replicas?keyspace=odd&token=1")), 422, "unplaceable-keyspace")
                .andExpect(jsonPath("$.detail", Matchers.containsString("com.example.MoonPhaseStrategy")));
        mvc.perform(get("/replicas?keyspace=iot&token=1")).andExpect(status().isOk());
        mvc.perform(get("/token?keyspace=odd&table=t&k=x")).andExpect(status().isOk());
    }

    @Test
    void refusesATableWithItsOwnPartitionerEverywhereItWouldBeHashed() throws Exception {
        String id = "pk.id=50554d6e-29bb-11e5-b345-feff819cdc9f";
        for (String path : java.util.List.of(
                "/token?keyspace=system&table=batches&" + id,
                "/replicas?keyspace=system&table=batches&" + id,
                "/splits?keyspace=system&table=batches")) {
            problem(mvc.perform(get(path)), 422, "table-partitioner")
                    .andExpect(jsonPath("$.table").value("batches"))
                    .andExpect(jsonPath("$.partitioner").value("org.apache.cassandra.dht.LocalPartitioner"))
                    .andExpect(jsonPath("$.detail", Matchers.containsString("system.batches")))
                    .andExpect(jsonPath("$.detail", Matchers.containsString("Murmur3Partitioner")));
        }
        problem(
                mvc.perform(post("/token")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"keyspace\":\"system\",\"table\":\"batches\",\"keys\":[{\"id\":"
                                + "\"50554d6e-29bb-11e5-b345-feff819cdc9f\"}]}")),
                422,
                "table-partitioner");
        // the keyspace's other tables and tokens still answer
        mvc.perform(get("/token?keyspace=system&table=local&pk.key=local")).andExpect(status().isOk());
        mvc.perform(get("/replicas?keyspace=system&token=1")).andExpect(status().isOk());
    }

    @Test
    void reportsBothAddressesOfEveryReplica() throws Exception {
        mvc.perform(get("/replicas?keyspace=iot&token=9223372036854775807"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.replicas[0].hostId").value("N4"))
                .andExpect(jsonPath("$.replicas[0].address").value("127.0.0.4"))
                .andExpect(jsonPath("$.replicas[0].rpcPort").value(19042))
                .andExpect(jsonPath("$.replicas[0].broadcastAddress").value("10.0.0.4"))
                .andExpect(jsonPath("$.replicas[0].broadcastPort").value(7000))
                .andExpect(jsonPath("$.replicas[1].broadcastAddress").value("127.0.0.1"));
        mvc.perform(get("/ring"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.nodes[3].address").value("127.0.0.4"))
                .andExpect(jsonPath("$.nodes[3].broadcastAddress").value("10.0.0.4"))
                .andExpect(jsonPath("$.nodes[3].rpcPort").value(19042));
    }

    @Test
    void answersAnUnknownPathWithAProblem() throws Exception {
        problem(mvc.perform(get("/nope")), 404, "not-found");
    }

    @Test
    void answersAWrongMethodWithAProblem() throws Exception {
        problem(
                mvc.perform(org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete("/token")),
                405,
                "method-not-allowed");
    }

    @Test
    void answersTheReferenceExamples() throws Exception {
        mvc.perform(get("/replicas?keyspace=iot&token=1523456789012345678"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.replicas[*].address")
                        .value(Matchers.contains("127.0.0.3", "127.0.0.4", "127.0.0.1")))
                .andExpect(jsonPath("$.range.start").value("0"))
                .andExpect(jsonPath("$.range.end").value("4611686018427387904"))
                .andExpect(jsonPath("$.snapshot.version").value(org.hamcrest.Matchers.matchesPattern("[0-9a-f]{32}")))
                .andExpect(jsonPath("$.snapshot.sequence").value(1));
        mvc.perform(get("/replicas?keyspace=iot&token=-9000000000000000000"))
                .andExpect(jsonPath("$.replicas[*].address")
                        .value(Matchers.contains("127.0.0.1", "127.0.0.2", "127.0.0.3")));
    }

    @Test
    void answersTokensAsStrings() throws Exception {
        mvc.perform(get("/token?keyspace=iot&table=by_id&id=1"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.token").value("-4069959284402364209"))
                .andExpect(jsonPath("$.serializedKey").value("00000001"));
    }

    @Test
    void filtersReplicasByDatacentre() throws Exception {
        mvc.perform(get("/replicas?keyspace=iot&token=1523456789012345678&dc=dc1"))
                .andExpect(jsonPath("$.replicas[*].address").value(Matchers.contains("127.0.0.1")))
                .andExpect(jsonPath("$.replicasByDatacenter.dc1[0]").value("127.0.0.1"));
    }

    @Test
    void acceptsAKeyColumnNamedLikeAReservedParameter() throws Exception {
        mvc.perform(get("/token?keyspace=iot&table=readings&pk.sensor_id=s&day=2026-10-01"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.key.sensor_id").value("s"));
    }

    @Test
    void routesABatchOfKeysInRequestOrder() throws Exception {
        mvc.perform(post("/replicas").contentType(MediaType.APPLICATION_JSON).content("""
                {"keyspace": "iot", "table": "by_id", "keys": [{"id": "1"}, {"id": "128"}]}"""))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.results[0].token").value("-4069959284402364209"))
                .andExpect(jsonPath("$.results[1].token").value("-9081975895656599623"))
                .andExpect(jsonPath("$.results[1].replicas[0].address").value("127.0.0.1"));
    }

    @Test
    void answersSplitsWithTheirPredicates() throws Exception {
        mvc.perform(get("/splits?keyspace=iot&table=readings&n=4&mode=aligned"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.count").value(4))
                .andExpect(jsonPath("$.template").doesNotExist())
                .andExpect(jsonPath("$.splits[0].predicate").doesNotExist())
                .andExpect(jsonPath("$.splits[0].ranges[0].predicate")
                        .value("token(sensor_id, day) > -9223372036854775808 AND token(sensor_id, day) <= "
                                + "-4611686018427387904"))
                .andExpect(jsonPath("$.splits[0].replicas[0]").value("127.0.0.1"))
                .andExpect(jsonPath("$.splits[0].ranges.length()").value(1))
                .andExpect(jsonPath("$.splits[0].ranges[0].cql")
                        .value("SELECT * FROM iot.readings WHERE token(sensor_id, day) > -9223372036854775808 AND "
                                + "token(sensor_id, day) <= -4611686018427387904"));
    }

    @Test
    void groupsWholeRangesWhenFewerSplitsThanRangesAreAskedFor() throws Exception {
        // the sample ring has four single-token ranges and RF 3: a node holds three of them, which one split groups
        // (the wrapping range's two pieces and its neighbour, merged); the fourth range is a split of its own
        mvc.perform(get("/splits?keyspace=iot&table=readings&n=1&mode=aligned"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.count").value(2))
                .andExpect(jsonPath("$.splits[0].ownedRanges").value(3))
                .andExpect(jsonPath("$.splits[0].cql").doesNotExist())
                .andExpect(jsonPath("$.splits[0].ranges.length()").value(2))
                .andExpect(jsonPath("$.splits[0].ranges[0].start").value("-9223372036854775808"))
                .andExpect(jsonPath("$.splits[0].ranges[1].end").value("9223372036854775807"))
                .andExpect(jsonPath("$.splits[0].replicas.length()").value(1))
                .andExpect(jsonPath("$.splits[1].ownedRanges").value(1))
                .andExpect(jsonPath("$.splits[1].cql").doesNotExist())
                .andExpect(jsonPath("$.splits[1].ranges[0].cql").isNotEmpty());
    }

    @Test
    void givesLargePlansOneTemplateInsteadOfEveryRangesCql() throws Exception {
        mvc.perform(get("/splits?keyspace=iot&table=readings&n=4&mode=aligned&compact=true"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.template.predicate")
                        .value("token(sensor_id, day) > :start AND token(sensor_id, day) <= :end"))
                .andExpect(jsonPath("$.template.cql")
                        .value("SELECT * FROM iot.readings WHERE token(sensor_id, day) > :start AND "
                                + "token(sensor_id, day) <= :end"))
                .andExpect(jsonPath("$.splits[0].ranges[0].start").value("-9223372036854775808"))
                .andExpect(jsonPath("$.splits[0].ranges[0].end").value("-4611686018427387904"))
                .andExpect(jsonPath("$.splits[*].ranges[*].cql").isEmpty())
                .andExpect(jsonPath("$.splits[*].ranges[*].predicate").isEmpty());
        // on Murmur3 the whole ring is (minimum, maximum]: the template reads it too (ByteOrdered's ends cannot be
        // written as bounds and keep their own cql: SplitterTest)
        mvc.perform(get("/splits?keyspace=iot&table=readings&n=1&mode=even&compact=true"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.splits[0].ranges[0].start").value("-9223372036854775808"))
                .andExpect(jsonPath("$.splits[0].ranges[0].end").value("9223372036854775807"))
                .andExpect(jsonPath("$.splits[0].ranges[0].cql").doesNotExist());
    }

    @Test
    void answersTheRingInPagesWithoutTokens() throws Exception {
        mvc.perform(get("/ring?tokens=false&offset=1&limit=2"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.nodeCount").value(4))
                .andExpect(jsonPath("$.offset").value(1))
                .andExpect(jsonPath("$.nextOffset").value(3))
                .andExpect(jsonPath("$.nodes.length()").value(2))
                .andExpect(jsonPath("$.nodes[0].address").value("127.0.0.2"))
                .andExpect(jsonPath("$.nodes[0].tokenCount").value(1))
                .andExpect(jsonPath("$.nodes[0].tokens").doesNotExist())
                .andExpect(jsonPath("$.datacenters[0].datacenter").value("dc1"))
                .andExpect(jsonPath("$.datacenters[0].nodes").value(2))
                .andExpect(jsonPath("$.datacenters[0].states.UP").value(2));
        mvc.perform(get("/ring?offset=3&limit=2"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.nodes.length()").value(1))
                .andExpect(jsonPath("$.nodes[0].tokens[0]").value("9223372036854775807"))
                .andExpect(jsonPath("$.nextOffset").doesNotExist());
        problem(mvc.perform(get("/ring?limit=0")), 400, "invalid-parameter")
                .andExpect(jsonPath("$.detail").value(Matchers.containsString("limit")));
        problem(mvc.perform(get("/ring?offset=-1")), 400, "invalid-parameter")
                .andExpect(jsonPath("$.detail").value(Matchers.containsString("offset")));
    }

    @Test
    void answersTheRingWithEffectiveOwnership() throws Exception {
        mvc.perform(get("/ring?keyspace=iot"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.nodes[0].effectiveOwnership").value(0.75))
                .andExpect(jsonPath("$.keyspaces[?(@.name == 'odd')].status").value(Matchers.contains("failed")));
    }
}
