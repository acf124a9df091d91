package io.ringmap.bench;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import io.ringmap.testcluster.CassandraCluster;
import io.ringmap.testcluster.CassandraPartitioner;
import io.ringmap.testcluster.ClusterSpec;
import io.ringmap.testcluster.NodeSpec;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The alternative to an HTTP round trip for one key: {@code SELECT token(sensor_id, day) FROM iot.readings} from the
 * Cassandra Java driver, {@code inFlight} requests outstanding at all times, against one local Cassandra 5.0 node
 * started here at 127.0.0.70 (the single engineer's address; {@code -Dringmap.bench.address=...} for another) and
 * stopped afterwards. Warms the node first (it needs about 30 s of load), then prints requests/s and latency percentiles per round. Run: {@code java -cp
 * "target/test-classes:target/classes:$(cat target/bench/cp.txt)" io.ringmap.bench.CqlTokenRoundTrips
 * [seconds per round, default 10] [rounds, default 3] [in flight, default 64] [warm-up seconds, default 30]}
 */
public final class CqlTokenRoundTrips {

    private CqlTokenRoundTrips() {}

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        int inFlight = args.length > 2 ? Integer.parseInt(args[2]) : 64;
        int warmUp = args.length > 3 ? Integer.parseInt(args[3]) : 30;
        ClusterSpec spec = ClusterSpec.of(
                        "bench-cql",
                        CassandraPartitioner.MURMUR3,
                        List.of(NodeSpec.withTokens(
                                System.getProperty("ringmap.bench.address", "127.0.0.70"), "dc1", "rack1", "0")))
                .withHeap("384m", "384m");
        try (CassandraCluster cluster = CassandraCluster.of(spec)) {
            cluster.start();
            System.out.printf(
                    "node started in %.1f s%n", cluster.lastStartDuration().toMillis() / 1000.0);
            cluster.executeSchemaChange("CREATE KEYSPACE IF NOT EXISTS iot WITH replication = "
                    + "{'class': 'SimpleStrategy', 'replication_factor': 1}");
            cluster.executeSchemaChange("CREATE TABLE IF NOT EXISTS iot.readings (sensor_id text, day date, "
                    + "ts timestamp, PRIMARY KEY ((sensor_id, day), ts))");
            cluster.awaitSchemaAgreement();
            try (CqlSession session = cluster.newSession()) {
                PreparedStatement token = session.prepare(
                        "SELECT token(sensor_id, day) FROM iot.readings WHERE sensor_id = ? AND day = ?");
                run(session, token, warmUp, inFlight, "warm-up");
                for (int round = 1; round <= rounds; round++) {
                    run(session, token, seconds, inFlight, "round " + round);
                }
            }
        }
    }

    private static void run(CqlSession session, PreparedStatement token, int seconds, int inFlight, String label)
            throws InterruptedException {
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        AtomicLong done = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        AtomicInteger next = new AtomicInteger();
        long[] latencies = new long[4_000_000];
        AtomicInteger recorded = new AtomicInteger();
        CountDownLatch finished = new CountDownLatch(inFlight);
        long t0 = System.nanoTime();
        for (int i = 0; i < inFlight; i++) {
            send(session, token, end, next, done, failed, latencies, recorded, finished);
        }
        finished.await();
        double elapsed = (System.nanoTime() - t0) / 1e9;
        int n = Math.min(recorded.get(), latencies.length);
        long[] sorted = Arrays.copyOf(latencies, n);
        Arrays.sort(sorted);
        System.out.printf(
                "%-8s %10.0f req/s   p50 %6.2f ms   p99 %6.2f ms   (%d requests, %d failed, %d in flight)%n",
                label,
                done.get() / elapsed,
                n == 0 ? 0 : sorted[n / 2] / 1e6,
                n == 0 ? 0 : sorted[(int) (n * 0.99)] / 1e6,
                done.get(),
                failed.get(),
                inFlight);
    }

    /** One request; its completion sends the next until the round ends, so {@code inFlight} stay outstanding. */
    private static void send(
            CqlSession session,
            PreparedStatement token,
            long end,
            AtomicInteger next,
            AtomicLong done,
            AtomicLong failed,
            long[] latencies,
            AtomicInteger recorded,
            CountDownLatch finished) {
        if (System.nanoTime() >= end) {
            finished.countDown();
            return;
        }
        int k = next.incrementAndGet();
        long start = System.nanoTime();
        CompletionStage<?> answer =
                session.executeAsync(token.bind("s-" + (k % 100_000), LocalDate.of(2026, 10, k % 28 + 1)));
        answer.whenComplete((rs, error) -> {
            if (error != null) {
                failed.incrementAndGet();
            } else {
                done.incrementAndGet();
                int slot = recorded.getAndIncrement();
                if (slot < latencies.length) {
                    latencies[slot] = System.nanoTime() - start;
                }
            }
            send(session, token, end, next, done, failed, latencies, recorded, finished);
        });
    }
}
