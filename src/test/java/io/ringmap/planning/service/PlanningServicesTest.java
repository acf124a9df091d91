package io.ringmap.planning.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ringmap.hotkeys.HotKeysDisabledException;
import io.ringmap.planning.Generator;
import io.ringmap.planning.KeyDesign;
import io.ringmap.planning.LayoutMode;
import io.ringmap.planning.PlanException;
import io.ringmap.planning.Workload;
import io.ringmap.problem.InvalidParameterException;
import io.ringmap.routing.RoutingService;
import io.ringmap.schema.UnknownKeyspaceException;
import io.ringmap.token.Token;
import io.ringmap.web.WebTestSupport;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The planning services on the bundled reference sample (N1-N4 single-token, iot RF 3, iot_multi_dc 2+2). */
class PlanningServicesTest {

    /** The defaults of {@code ringmap.plan.*}, but at most two designs. */
    private static final PlanLimits LIMITS = new PlanLimits() {
        public int maxDesigns() {
            return 2;
        }

        public int maxGeneratedKeys() {
            return 100_000;
        }

        public int maxNodes() {
            return 10_000;
        }

        public int maxSampleKeys() {
            return 100_000;
        }

        public int maxLayoutTokens() {
            return 300_000;
        }

        public int maxShards() {
            return 1024;
        }

        public int maxShardCandidates() {
            return 4096;
        }
    };

    private final RoutingService routing =
            WebTestSupport.routing(WebTestSupport.ringFrom("/topology/default.yaml"), 100);

    /** One tenant of 12,000 events a day for 30 days, keyed by the given designs. */
    private static PlanQuestion question(String keyspace, KeyDesign... designs) {
        return new PlanQuestion() {
            public String keyspace() {
                return keyspace;
            }

            public int designCount() {
                return designs.length;
            }

            public Workload workload() {
                return new Workload(Map.of("device-1", 12_000.0), null, LocalDate.parse("2026-08-01"), 30, 420);
            }

            public long maxRows() {
                return 100_000;
            }

            public long maxBytes() {
                return 100_000_000;
            }

            public long seed() {
                return 1;
            }

            public KeyDesign design(int index) {
                return designs[index];
            }
        };
    }

    private static KeyDesign tenantOnly() {
        return new KeyDesign(
                "tenant only", List.of(new KeyDesign.Column("tenant_id", "text", new Generator.Fixed("tenant-7"))));
    }

    @Test
    void keyDesignsAreModelledOnTheKeyspacesRing() {
        KeyDesignPlans plans = new KeyDesignService(routing, LIMITS).plan(question("iot", tenantOnly()));

        assertThat(plans.keyspace()).isEqualTo("iot");
        assertThat(plans.replication()).containsEntry("replication_factor", "3");
        assertThat(plans.plans()).hasSize(1);
        assertThat(plans.plans().get(0).partitions()).isEqualTo(1.0);
        assertThat(plans.plans().get(0).rows()).isEqualTo(360_000.0);
        assertThat(plans.plans().get(0).largest().replicas()).hasSize(3);
        assertThat(plans.maxRows()).isEqualTo(100_000);
    }

    @Test
    void tooManyDesignsAreRefusedAndAnUnknownKeyspaceBeforeTheBodyIsRead() {
        KeyDesignService service = new KeyDesignService(routing, LIMITS);
        assertThatThrownBy(() -> service.plan(question("iot", tenantOnly(), tenantOnly(), tenantOnly())))
                .isInstanceOf(PlanException.class)
                .hasMessageContaining("ringmap.plan.max-designs");
        PlanQuestion unread = new PlanQuestion() {
            public String keyspace() {
                return "nope";
            }

            public int designCount() {
                return 1;
            }

            public Workload workload() {
                throw new AssertionError("read before the keyspace was found");
            }

            public long maxRows() {
                throw new AssertionError();
            }

            public long maxBytes() {
                throw new AssertionError();
            }

            public long seed() {
                throw new AssertionError();
            }

            public KeyDesign design(int index) {
                throw new AssertionError();
            }
        };
        assertThatThrownBy(() -> service.plan(unread)).isInstanceOf(UnknownKeyspaceException.class);
    }

    @Test
    void balancedTokensDivideEachDatacenterEvenly() {
        TokenPlanService service = new TokenPlanService(routing, LIMITS);
        Map<String, Integer> perDc = new LinkedHashMap<>();
        perDc.put("dc1", 2);
        perDc.put("dc2", 2);

        TokenPlans.Balanced balanced = service.balanced(perDc, null);

        assertThat(balanced.partitioner().name()).isEqualTo("Murmur3Partitioner");
        assertThat(balanced.tokens().get("dc1"))
                .extracting(Token::toString)
                .containsExactly("-6917529027641081856", "2305843009213693952");
        assertThat(balanced.method()).startsWith("even");
        TokenPlans.Balanced sampled = service.balanced(
                Map.of("dc1", 1),
                null,
                "iot",
                "readings",
                List.of(
                        Map.of("sensor_id", "s-1", "day", "2026-10-01"),
                        Map.of("sensor_id", "s-2", "day", "2026-10-01")));
        assertThat(sampled.method()).isEqualTo("quantiles of 2 sample keys");
        assertThatThrownBy(() -> service.balanced(Map.of("dc1", 2), "Nope"))
                .isInstanceOf(InvalidParameterException.class);
    }

    @Test
    void aLayoutAddedToTheServedRingIsEvaluatedWithEveryKeyspace() {
        TokenPlanService service = new TokenPlanService(routing, LIMITS);

        TokenPlans.Evaluated added = service.evaluate(
                LayoutMode.ADD,
                List.of(new TokenPlans.Proposal("127.0.0.5", null, "dc1", "rack1", List.of("-6917529027641081856"))));

        assertThat(added.evaluation().nodes()).hasSize(5);
        assertThat(added.evaluation().keyspaces()).extracting(k -> k.keyspace()).containsExactly("iot", "iot_multi_dc");
        assertThat(service.evaluate(
                                LayoutMode.REPLACE,
                                List.of(new TokenPlans.Proposal("127.0.0.5", null, "dc1", "rack1", List.of("1"))))
                        .evaluation()
                        .nodes())
                .hasSize(1);
        assertThatThrownBy(() -> service.evaluate(
                        LayoutMode.ADD, List.of(new TokenPlans.Proposal(null, null, null, null, null))))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("each node needs");
    }

    @Test
    void shardPlansCountPlaceAndSpreadTheShardKeys() {
        ShardPlanService service = new ShardPlanService(routing, () -> null, () -> null, LIMITS);

        ShardPlans plans = service.plan(
                "iot",
                "readings",
                Map.of("day", "2026-10-01"),
                "sensor_id",
                480_000.0,
                100_000.0,
                null,
                null,
                null,
                null);

        assertThat(plans.count()).isEqualTo(5);
        assertThat(plans.load()).isEqualTo(480_000.0);
        assertThat(plans.key()).containsEntry("day", "2026-10-01");
        assertThat(plans.plan().sequential()).hasSize(5);
        assertThat(plans.plan().candidatesSearched()).isEqualTo(20);
        assertThat(plans.hotKey()).isNull();
        assertThat(service.plan(
                                "iot",
                                "readings",
                                Map.of("day", "2026-10-01"),
                                "sensor_id",
                                null,
                                null,
                                3,
                                null,
                                null,
                                null)
                        .load())
                .as("a count was given")
                .isNull();
        assertThatThrownBy(() -> service.plan(
                        "iot", "readings", Map.of("day", "2026-10-01"), "sensor_id", null, null, 2, null, "x", null))
                .isInstanceOf(HotKeysDisabledException.class);
        assertThatThrownBy(() ->
                        service.plan("iot", "readings", Map.of(), "sensor_id", null, null, 2000, null, null, null))
                .isInstanceOf(PlanException.class)
                .hasMessageContaining("ringmap.plan.max-shards");
    }
}
