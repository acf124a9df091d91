package io.ringmap.heatmap.peers;

import static org.assertj.core.api.Assertions.assertThat;

import io.ringmap.heatmap.BucketLayout;
import io.ringmap.heatmap.HeatmapRegistry;
import io.ringmap.heatmap.HeatmapSettings;
import io.ringmap.heatmap.HeatmapSource;
import io.ringmap.heatmap.SliceKey;
import io.ringmap.heatmap.TableHeatmap;
import io.ringmap.hotkeys.HotKeyRegistry;
import io.ringmap.hotkeys.HotKeySettings;
import io.ringmap.hotkeys.KeyExporter;
import io.ringmap.hotkeys.ReplicaHits;
import io.ringmap.hotkeys.peers.DeploymentHotKeys;
import io.ringmap.peers.Contributors;
import io.ringmap.peers.InstanceId;
import io.ringmap.peers.PeerAddress;
import io.ringmap.peers.client.PeerDirectory;
import io.ringmap.peers.client.PeerServers;
import io.ringmap.peers.service.PeerFanout;
import io.ringmap.ring.Rings;
import io.ringmap.ring.TableName;
import io.ringmap.ring.TokenRing;
import io.ringmap.testsupport.MovingClock;
import io.ringmap.token.LongToken;
import io.ringmap.token.Murmur3Partitioner;
import io.ringmap.token.Token;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The summed heatmap against real HTTP peers: cells are added only between instances on the same token buckets and
 * slice length, every other peer is named with the reason, and the whole answer comes within the stated timeout.
 */
class DeploymentHeatmapTest {

    // well under the slow peer's 5 s, and long enough for the fast peers on a loaded machine (400 ms was not)
    private static final Duration TIMEOUT = Duration.ofMillis(2000);
    /** The wait of the tests that check what is refused, not when. */
    private static final Duration PATIENT = Duration.ofSeconds(10);

    private static final TableName TABLE = new TableName("iot", "readings");
    private static final BucketLayout LAYOUT = BucketLayout.of(
            new LongToken(Long.MIN_VALUE), List.<Token>of(new LongToken(0), new LongToken(Long.MAX_VALUE)));
    private static final String ENDS = "[\"0\",\"9223372036854775807\"]";

    @RegisterExtension
    static final PeerServers servers = new PeerServers();

    @Test
    void sumsThePeersOnTheSameBucketsAndNamesTheOthersWithinTheTimeout() {
        // given this instance's counts (slice 60000: 1 and 2 hits), and five peers
        PeerAddress fast = peer(
                "p-fast",
                60_000,
                ENDS,
                "[{\"start\":60000,\"counts\":[10,20]}," + "{\"start\":120000,\"counts\":[0,5]}]",
                0);
        PeerAddress idle = servers.serve("/actuator/peer/heatmap", 200, "{\"instance\":\"p-idle\"}", Duration.ZERO);
        PeerAddress otherRing = peer(
                "p-ring", 60_000, "[\"-5\",\"9223372036854775807\"]", "[{\"start\":60000,\"counts\":[100,100]}]", 0);
        PeerAddress otherSlice = peer("p-slice", 1_000, ENDS, "[{\"start\":60000,\"counts\":[100,100]}]", 0);
        PeerAddress slow = peer("p-slow", 60_000, ENDS, "[{\"start\":60000,\"counts\":[100,100]}]", 5_000);
        TableHeatmap local =
                new TableHeatmap(TABLE, LAYOUT, 60_000, List.of(new TableHeatmap.Slice(60_000, new long[] {1, 2})));

        DeploymentHeatmap source = source(fast, idle, otherRing, otherSlice, slow);

        // when
        long start = System.nanoTime();
        HeatmapSource.Gathered answer = source.heatmap(local, false);
        long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

        // then only the fast peer's counts are added, cell by cell
        assertThat(answer.heatmap().slices())
                .containsExactly(
                        new TableHeatmap.Slice(60_000, new long[] {11, 22}),
                        new TableHeatmap.Slice(120_000, new long[] {0, 5}));
        assertThat(answer.contributors().contributed()).containsExactlyInAnyOrder(fast.toString(), idle.toString());
        assertThat(answer.contributors().missing())
                .extracting(Contributors.Missing::peer)
                .containsExactlyInAnyOrder(otherRing.toString(), otherSlice.toString(), slow.toString());
        assertThat(reason(answer, otherRing))
                .startsWith("not summed: it counts on other token buckets (2 there, 2 "
                        + "here; its ring abcdef012345, this instance's 0123456789ab)");
        assertThat(reason(answer, otherSlice))
                .isEqualTo("configured differently: slices of 1000 ms there, 60000 "
                        + "ms here (ringmap.heatmap.slice must be the same on every instance)");
        assertThat(reason(answer, slow)).isEqualTo("no answer within 2000 ms");
        assertThat(tookMillis).as("answer time").isLessThan(TIMEOUT.toMillis() + 1000);
        System.out.printf("summed heatmap with a 5 s peer: %d ms (timeout %d ms)%n", tookMillis, TIMEOUT.toMillis());
    }

    @Test
    void anUnreadableAnswerIsNamedAndAddsNothing() {
        PeerAddress negative = peer("p-neg", 60_000, ENDS, "[{\"start\":60000,\"counts\":[-1,5]}]", 0);
        PeerAddress short_ = peer("p-short", 60_000, ENDS, "[{\"start\":60000,\"counts\":[5]}]", 0);
        TableHeatmap local = new TableHeatmap(TABLE, LAYOUT, 60_000, List.of());

        HeatmapSource.Gathered answer = source(PATIENT, negative, short_).heatmap(local, false);

        assertThat(answer.heatmap().slices()).isEmpty();
        assertThat(reason(answer, negative)).isEqualTo("refused: a negative count");
        assertThat(reason(answer, short_)).startsWith("unreadable answer: slice 0 has 1 counts, the layout 2");
    }

    @Test
    void moreSlicesThanTheRetentionKeepsAreRefusedAndAddNothing() {
        // given a peer with 61 slices, one more than the default retention of 60
        StringBuilder slices = new StringBuilder("[");
        for (int i = 1; i <= 61; i++) {
            slices.append(i == 1 ? "" : ",")
                    .append("{\"start\":")
                    .append(60_000L * i)
                    .append(",\"counts\":[1,1]}");
        }
        PeerAddress many = peer("p-many", 60_000, ENDS, slices.append("]").toString(), 0);
        TableHeatmap local = new TableHeatmap(TABLE, LAYOUT, 60_000, List.of());

        HeatmapSource.Gathered answer = source(PATIENT, many).heatmap(local, false);

        assertThat(answer.heatmap().slices()).isEmpty();
        assertThat(reason(answer, many))
                .isEqualTo("refused: 61 slices, the retention keeps 60 " + "(ringmap.heatmap.slices)");
    }

    @Test
    void sumsTheSlicesKeysByLabelAndTakesAPeerOfThePreviousVersionWithoutThem() {
        // given this instance's slice with key a, a peer with keys a and b, and one of the version before slice keys
        PeerAddress current = peer(
                "p-new",
                60_000,
                ENDS,
                "[{\"start\":60000,\"counts\":[1,1],\"keys\":[{\"label\":\"b\",\"hits\":9},"
                        + "{\"label\":\"a\",\"hits\":2}]}]",
                0);
        PeerAddress previous = peer("p-old", 60_000, ENDS, "[{\"start\":60000,\"counts\":[3,0]}]", 0);
        TableHeatmap local = new TableHeatmap(
                TABLE,
                LAYOUT,
                60_000,
                List.of(new TableHeatmap.Slice(60_000, new long[] {5, 0}, 0, List.of(new SliceKey("a", 5)))));

        // when
        HeatmapSource.Gathered answer = source(PATIENT, current, previous).heatmap(local, true);

        // then both peers are summed, the keys by label, the older peer adding none
        assertThat(answer.contributors().missing()).isEmpty();
        assertThat(answer.heatmap().slices()).singleElement().satisfies(s -> {
            assertThat(s.counts()).containsExactly(9, 1);
            assertThat(s.keys()).containsExactly(new SliceKey("b", 9), new SliceKey("a", 7));
        });
    }

    @Test
    void keysNotAskedForAreNotSummed() {
        PeerAddress current = peer(
                "p-new",
                60_000,
                ENDS,
                "[{\"start\":60000,\"counts\":[1,1],\"keys\":[{\"label\":\"b\",\"hits\":9}]}]",
                0);
        TableHeatmap local = new TableHeatmap(TABLE, LAYOUT, 60_000, List.of());

        HeatmapSource.Gathered answer = source(PATIENT, current).heatmap(local, false);

        assertThat(answer.heatmap().slices())
                .singleElement()
                .satisfies(s -> assertThat(s.keys()).isEmpty());
    }

    @Test
    void keysAnHonestPeerCannotSendAreRefusedAndAddNothing() {
        // given peers sending negative hits, more keys than the top K, a label longer than a tracked key's, a key
        // without a label, and a key twice in one slice
        StringBuilder many = new StringBuilder("[");
        for (int i = 0; i < 21; i++) {
            many.append(i == 0 ? "" : ",").append("{\"label\":\"k").append(i).append("\",\"hits\":1}");
        }
        PeerAddress negative = keysPeer("p-neg", "[{\"label\":\"a\",\"hits\":-1}]");
        PeerAddress tooMany = keysPeer("p-many", many.append("]").toString());
        PeerAddress tooLong = keysPeer("p-long", "[{\"label\":\"" + "x".repeat(257) + "\",\"hits\":1}]");
        PeerAddress unlabelled = keysPeer("p-nolabel", "[{\"hits\":1}]");
        PeerAddress twice = keysPeer("p-twice", "[{\"label\":\"a\",\"hits\":1},{\"label\":\"a\",\"hits\":2}]");
        TableHeatmap local = new TableHeatmap(TABLE, LAYOUT, 60_000, List.of());

        // when
        HeatmapSource.Gathered answer =
                source(PATIENT, negative, tooMany, tooLong, unlabelled, twice).heatmap(local, true);

        // then each is named with the reason, and nothing of theirs is summed
        assertThat(answer.heatmap().slices()).isEmpty();
        assertThat(reason(answer, negative)).isEqualTo("refused: a slice's key with negative hits");
        assertThat(reason(answer, tooMany))
                .isEqualTo("refused: 21 keys in the slice starting at 60000, a slice keeps at most 20 "
                        + "(ringmap.hotkeys.top-k must be the same on every instance)");
        assertThat(reason(answer, tooLong)).isEqualTo("refused: a slice's key label of 257 characters, more than 256");
        assertThat(reason(answer, unlabelled)).isEqualTo("unreadable answer: a slice's key without a label");
        assertThat(reason(answer, twice)).isEqualTo("refused: a key twice in the slice starting at 60000");
    }

    @Test
    void sendsTheSlicesKeysOnlyWhenAskedAndClearKeysAreShown() {
        // given an instance whose slice counted key a while it was tracked
        MovingClock clock = new MovingClock(Instant.parse("2026-12-02T08:00:00Z"));
        HotKeyRegistry hotKeys = new HotKeyRegistry(HotKeySettings.DEFAULTS, KeyExporter.plain());
        HeatmapRegistry heatmaps = new HeatmapRegistry(HeatmapSettings.DEFAULTS, clock, hotKeys::tracked);
        hotKeys.recordLabel("iot", "readings", "a", 10);
        hotKeys.refresh();
        heatmaps.record(
                "iot",
                "readings",
                TokenRing.of(
                        Murmur3Partitioner.INSTANCE,
                        Map.of(Rings.node("N1", "127.0.0.1", "dc1", "rack1"), List.<Token>of(new LongToken(100)))),
                new LongToken(1),
                3);
        hotKeys.recordLabel("iot", "readings", "a", 3);
        PeerFanout fanout = fanout(TIMEOUT);

        // when asked with and without keys, where clear keys are shown and where they are hashed
        DeploymentHeatmap clear = new DeploymentHeatmap(
                heatmaps,
                new DeploymentHotKeys(hotKeys, new ReplicaHits(10), KeyExporter.plain(), true, fanout),
                () -> "0123456789abcdef",
                fanout);
        DeploymentHeatmap hashed = new DeploymentHeatmap(
                heatmaps,
                new DeploymentHotKeys(hotKeys, new ReplicaHits(10), KeyExporter.hashed("salt"), false, fanout),
                () -> "0123456789abcdef",
                fanout);

        // then only the asked answer of the instance showing clear keys names the key
        assertThat(clear.localHeatmap("iot", "readings", true).counts().slices())
                .singleElement()
                .satisfies(s -> assertThat(s.keys()).containsExactly(new PeerHeatmap.Key("a", 3)));
        assertThat(clear.localHeatmap("iot", "readings", false).counts().slices())
                .singleElement()
                .satisfies(s -> assertThat(s.keys()).isNull());
        assertThat(hashed.localHeatmap("iot", "readings", true).counts().slices())
                .singleElement()
                .satisfies(s -> assertThat(s.keys()).isNull());
        // and the previous version's askers still get the sketch they ask for
        assertThat(clear.localHeatmap("iot", "readings", true).keys()).isNotNull();
    }

    @Test
    void aPeerShowingNoClearKeysIsRefusedWhenKeysAreAsked() {
        // given a peer that says it shows no clear keys (hashed, or hot keys off)
        PeerAddress hashed = servers.serve(
                "/actuator/peer/heatmap",
                200,
                "{\"instance\":\"p-hashed\",\"ring\":\"abcdef0123456789\",\"clearKeys\":false,\"counts\":"
                        + "{\"sliceMillis\":60000,\"ends\":" + ENDS + ",\"slices\":[{\"start\":60000,"
                        + "\"counts\":[1,1]}]}}",
                Duration.ZERO);
        TableHeatmap local = new TableHeatmap(TABLE, LAYOUT, 60_000, List.of());

        // then it is named when keys are asked (its counts would come without them), and summed when they are not
        assertThat(reason(source(PATIENT, hashed).heatmap(local, true), hashed))
                .startsWith("configured differently: it shows no clear keys, this instance does");
        assertThat(source(PATIENT, hashed).heatmap(local, false).heatmap().slices())
                .hasSize(1);
    }

    /** A peer whose one slice has these keys. */
    private static PeerAddress keysPeer(String instance, String keys) {
        return peer(instance, 60_000, ENDS, "[{\"start\":60000,\"counts\":[1,1],\"keys\":" + keys + "}]", 0);
    }

    private static DeploymentHeatmap source(PeerAddress... peers) {
        return source(TIMEOUT, peers);
    }

    private static PeerFanout fanout(Duration timeout, PeerAddress... peers) {
        PeerDirectory directory = new PeerDirectory(null, List.of(peers), () -> -1, null);
        directory.refresh();
        return new PeerFanout(InstanceId.random(), directory, PeerServers.client(timeout, 1 << 20), 32);
    }

    private static DeploymentHeatmap source(Duration timeout, PeerAddress... peers) {
        PeerFanout fanout = fanout(timeout, peers);
        return new DeploymentHeatmap(
                new HeatmapRegistry(HeatmapSettings.DEFAULTS, Clock.systemUTC()),
                null,
                () -> "0123456789abcdef",
                fanout);
    }

    private static String reason(HeatmapSource.Gathered answer, PeerAddress peer) {
        return answer.contributors().missing().stream()
                .filter(m -> m.peer().equals(peer.toString()))
                .findFirst()
                .orElseThrow()
                .reason();
    }

    /** A real HTTP peer that answers its heatmap of iot.readings after {@code delayMillis}. */
    private static PeerAddress peer(String instance, long sliceMillis, String ends, String slices, long delayMillis) {
        return servers.serve(
                "/actuator/peer/heatmap",
                200,
                "{\"instance\":\"" + instance + "\",\"ring\":"
                        + "\"abcdef0123456789\",\"counts\":{\"sliceMillis\":" + sliceMillis + ",\"ends\":" + ends
                        + ",\"slices\":" + slices + "}}",
                Duration.ofMillis(delayMillis));
    }
}
