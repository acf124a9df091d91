package io.ringmap.planning;

import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.ReplicaLookup;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.ring.RingSnapshot;
import io.ringmap.token.Token;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;

/**
 * Models a candidate partition key design on a real ring: which partitions a workload creates, how big they grow,
 * where they land (tokens hashed exactly as {@code /token} does, through the {@link KeyEncoder}), how many partitions
 * typical queries touch, and the smallest shard or bucket change that keeps every partition under a guideline.
 *
 * <p>Rows are expected values: an entity's events per day times the days its time bucket covers within the
 * retention period, divided evenly over the shards. Percentiles are over partitions (nearest rank). A population
 * too large to enumerate is sampled without replacement with a fixed seed; each sampled entity then stands for
 * {@code count / sampled} entities, and the answer states the sampling error (the DKW bound on quantile ranks and
 * the binomial standard error of node shares, both at the sampled partition count).
 */
public final class KeyDesignPlanner {

    private KeyDesignPlanner() {}

    /**
     * Limits and guideline of a plan.
     *
     * @param maxPartitionRows guideline: rows per partition (default 100,000)
     * @param maxPartitionBytes guideline: bytes per partition (default 100 MB = 100,000,000 bytes)
     * @param maxGeneratedKeys the most partition keys generated and hashed for this design; larger populations are
     *                         sampled, more named entities are refused (413)
     * @param seed the sampling seed
     */
    public record Settings(long maxPartitionRows, long maxPartitionBytes, int maxGeneratedKeys, long seed) {}

    /** Per-partition percentiles (nearest rank over partitions). */
    public record Percentiles(double p50, double p95, double p99, double max) {}

    /** One partition: its key values in column order, expected rows and bytes, token and replicas (node indexes). */
    public record Partition(List<String> key, double rows, double bytes, Token token, int[] replicas) {}

    /** What one node stores of the design (every replica holds a copy). */
    public record NodeLoad(int node, double partitions, double rows, double bytes, double share) {}

    /** What one replica set stores. */
    public record ReplicaSetLoad(List<Integer> nodes, double partitions, double rows, double bytes) {}

    /** How many partitions a query reads. */
    public record Fanout(String query, long partitions) {}

    /** The smallest change that brings every partition under the guideline. */
    public record Fix(
            int shards,
            double largestRowsWithShards,
            Generator.BucketUnit bucket,
            Double largestRowsWithBucket,
            String text) {}

    /** How a sampled population was sampled and the error that causes. */
    public record Sampling(
            long population,
            long sampled,
            long seed,
            long sampledPartitions,
            double quantileRankError,
            double nodeShareStandardError) {}

    /** The model of one design; {@code replicaSets} are the most loaded ({@value #REPLICA_SETS_LISTED} at most). */
    public record DesignPlan(
            KeyDesign design,
            double partitions,
            double rows,
            double bytes,
            Percentiles rowsPerPartition,
            Percentiles bytesPerPartition,
            Partition largest,
            List<NodeLoad> nodes,
            double nodeSkew,
            List<ReplicaSetLoad> replicaSets,
            double replicaSetSkew,
            List<Fanout> queries,
            double partitionsOverGuideline,
            List<String> warnings,
            Fix fix,
            Sampling sampling) {}

    private record Entity(String id, double rate, double weight) {}

    private record Bucket(LocalDateTime start, double days) {}

    private record Aggregate(Map<List<String>, double[]> partitions, Sampling sampling) {}

    /**
     * The keyspace's replica sets on the ring, worked out once per plan: which set each token's range has (sets are
     * node indexes sorted, one id per distinct set, ids in ring order of first appearance) and which nodes hold any.
     */
    private record RingSets(int[] setOfRange, List<List<Integer>> sets, boolean[] holders) {

        static RingSets of(RingSnapshot ring, KeyspacePlacement.Placed keyspace) {
            int size = ring.tokenRing().size();
            int[] setOfRange = new int[size];
            List<List<Integer>> sets = new ArrayList<>();
            Map<List<Integer>, Integer> ids = new HashMap<>();
            boolean[] holders = new boolean[ring.tokenRing().nodes().size()];
            for (int i = 0; i < size; i++) {
                ReplicaSet set = keyspace.replicasAt(i);
                int[] sorted = Arrays.copyOf(set.nodes(), set.size());
                Arrays.sort(sorted);
                setOfRange[i] =
                        ids.computeIfAbsent(Arrays.stream(sorted).boxed().toList(), nodes -> {
                            sets.add(nodes);
                            nodes.forEach(n -> holders[n] = true);
                            return sets.size() - 1;
                        });
            }
            return new RingSets(setOfRange, sets, holders);
        }
    }

    /** The most loaded replica sets a design plan lists. */
    static final int REPLICA_SETS_LISTED = 20;

    /** Plans one design. */
    public static DesignPlan plan(
            KeyDesign design,
            Workload workload,
            Settings settings,
            KeyEncoder encoder,
            RingSnapshot ring,
            KeyspacePlacement.Placed keyspace) {
        return plan(List.of(design), workload, settings, d -> encoder, ring, keyspace)
                .get(0);
    }

    /**
     * Plans designs side by side on one keyspace: each is checked against {@code maxGeneratedKeys} before any key is
     * generated (413 for the first that does not fit), and the keyspace's replica sets are worked out once for all.
     */
    public static List<DesignPlan> plan(
            List<KeyDesign> designs,
            Workload workload,
            Settings settings,
            Function<KeyDesign, KeyEncoder> encoders,
            RingSnapshot ring,
            KeyspacePlacement.Placed keyspace) {
        for (KeyDesign design : designs) {
            checkSize(design, workload, settings);
        }
        RingSets ringSets = RingSets.of(ring, keyspace);
        List<DesignPlan> plans = new ArrayList<>(designs.size());
        for (KeyDesign design : designs) {
            plans.add(plan(design, workload, settings, encoders.apply(design), ring, keyspace, ringSets));
        }
        return plans;
    }

    private static DesignPlan plan(
            KeyDesign design,
            Workload workload,
            Settings settings,
            KeyEncoder encoder,
            RingSnapshot ring,
            KeyspacePlacement.Placed keyspace,
            RingSets ringSets) {
        Aggregate agg = aggregate(design, workload, settings);
        int nodeCount = ring.tokenRing().nodes().size();
        double[] nodeRows = new double[nodeCount];
        double[] nodePartitions = new double[nodeCount];
        double[] setPartitions = new double[ringSets.sets().size()];
        double[] setRows = new double[ringSets.sets().size()];
        List<Integer> loadedSets = new ArrayList<>(); // in the order partitions first reach them
        boolean[] loaded = new boolean[ringSets.sets().size()];
        List<double[]> sizes = new ArrayList<>(); // {rows, multiplicity}
        Partition largest = null;
        double partitions = 0;
        double rows = 0;
        double over = 0;
        for (Map.Entry<List<String>, double[]> e : agg.partitions().entrySet()) {
            double r = e.getValue()[0];
            double m = e.getValue()[1];
            Token token = encoder.token(e.getKey());
            ReplicaLookup lookup = ring.lookup(keyspace, token);
            ReplicaSet set = lookup.replicas();
            int[] replicas = Arrays.copyOf(set.nodes(), set.size());
            for (int n : replicas) {
                nodeRows[n] += r * m;
                nodePartitions[n] += m;
            }
            int setId = ringSets.setOfRange()[lookup.tokenIndex()];
            if (!loaded[setId]) {
                loaded[setId] = true;
                loadedSets.add(setId);
            }
            setPartitions[setId] += m;
            setRows[setId] += r * m;
            sizes.add(new double[] {r, m});
            partitions += m;
            rows += r * m;
            if (exceeds(r, workload.bytesPerRow(), settings)) {
                over += m;
            }
            if (largest == null || r > largest.rows()) {
                largest = new Partition(e.getKey(), r, r * workload.bytesPerRow(), token, replicas);
            }
        }
        // every replica set and node of the keyspace counts for skew, loaded or not
        double totalReplicaRows = Arrays.stream(nodeRows).sum();
        List<NodeLoad> nodes = new ArrayList<>();
        double maxNode = 0;
        for (int n = 0; n < nodeCount; n++) {
            if (ringSets.holders()[n]) {
                nodes.add(new NodeLoad(
                        n,
                        nodePartitions[n],
                        nodeRows[n],
                        nodeRows[n] * workload.bytesPerRow(),
                        totalReplicaRows == 0 ? 0 : nodeRows[n] / totalReplicaRows));
                maxNode = Math.max(maxNode, nodeRows[n]);
            }
        }
        double nodeSkew = skew(maxNode, totalReplicaRows, nodes.size());
        double maxSet = Arrays.stream(setRows).max().orElse(0);
        double setSkew = skew(maxSet, rows, ringSets.sets().size());
        // the most loaded sets first (ties: the order partitions reached them), then unloaded ones in ring order
        List<Integer> listed = new ArrayList<>(loadedSets);
        listed.sort((a, b) -> Double.compare(setRows[b], setRows[a]));
        for (int id = 0; id < ringSets.sets().size() && listed.size() < REPLICA_SETS_LISTED; id++) {
            if (!loaded[id]) {
                listed.add(id);
            }
        }
        List<ReplicaSetLoad> sets = listed.stream()
                .limit(REPLICA_SETS_LISTED)
                .map(id -> new ReplicaSetLoad(
                        ringSets.sets().get(id), setPartitions[id], setRows[id], setRows[id] * workload.bytesPerRow()))
                .toList();
        Percentiles rowsP = percentiles(sizes, 1);
        Percentiles bytesP = percentiles(sizes, workload.bytesPerRow());

        List<String> warnings = new ArrayList<>();
        Fix fix = null;
        if (over > 0 && largest != null) {
            warnings.add(String.format(
                    Locale.ROOT,
                    "%s of %s partitions exceed the guideline (%,d rows or %,d bytes "
                            + "per partition); the largest, %s, has %s rows (%s)",
                    count(over),
                    count(partitions),
                    settings.maxPartitionRows(),
                    settings.maxPartitionBytes(),
                    largest.key(),
                    count(largest.rows()),
                    bytes(largest.bytes())));
            fix = fix(design, workload, settings, largest.rows());
            warnings.add(fix.text());
        }
        Sampling sampling = agg.sampling();
        if (sampling != null) {
            double n = sampling.sampledPartitions();
            double maxShare = nodes.stream()
                    .mapToDouble(NodeLoad::share)
                    .map(p -> Math.sqrt(p * (1 - p) / n))
                    .max()
                    .orElse(0);
            sampling = new Sampling(
                    sampling.population(),
                    sampling.sampled(),
                    sampling.seed(),
                    (long) n,
                    Math.sqrt(Math.log(2 / 0.05) / (2 * n)),
                    maxShare);
            warnings.add(String.format(
                    Locale.ROOT,
                    "the population of %,d entities was sampled (%,d entities, seed "
                            + "%d): percentile ranks are within ±%.4f and node shares have a standard error up to %.4f "
                            + "(95%% DKW bound; binomial)",
                    sampling.population(),
                    sampling.sampled(),
                    sampling.seed(),
                    sampling.quantileRankError(),
                    sampling.nodeShareStandardError()));
        }
        return new DesignPlan(
                design,
                partitions,
                rows,
                rows * workload.bytesPerRow(),
                rowsP,
                bytesP,
                largest,
                nodes,
                nodeSkew,
                sets,
                setSkew,
                fanouts(design, workload),
                over,
                warnings,
                fix,
                sampling);
    }

    private static boolean exceeds(double rows, long bytesPerRow, Settings s) {
        return rows > s.maxPartitionRows() + 1e-9 || rows * bytesPerRow > s.maxPartitionBytes() + 1e-6;
    }

    private static double skew(double max, double total, int count) {
        return total == 0 || count == 0 ? 0 : max / (total / count);
    }

    private static Fix fix(KeyDesign design, Workload workload, Settings settings, double largestRows) {
        double unsharded = largestRows * design.shards();
        int shards = (int) Math.max(
                Math.ceil(unsharded / settings.maxPartitionRows() - 1e-9),
                Math.ceil(unsharded * workload.bytesPerRow() / settings.maxPartitionBytes() - 1e-9));
        shards = Math.max(shards, design.shards() + 1);
        double withShards = unsharded / shards;
        Generator.BucketUnit bucket = null;
        Double withBucket = null;
        Generator.BucketUnit current = design.bucket();
        if (current != null) {
            for (int u = current.ordinal() - 1; u >= 0; u--) {
                Generator.BucketUnit unit = Generator.BucketUnit.values()[u];
                if (!fits(design.withBucket(unit), workload, settings)) {
                    break; // finer buckets only generate more keys: none of them is modelled
                }
                double max = aggregate(design.withBucket(unit), workload, settings).partitions().values().stream()
                        .mapToDouble(v -> v[0])
                        .max()
                        .orElse(0);
                if (!exceeds(max, workload.bytesPerRow(), settings)) {
                    bucket = unit;
                    withBucket = max;
                    break;
                }
            }
        }
        String shardColumn = design.columns().stream()
                .filter(c -> c.generator() instanceof Generator.Shard)
                .map(KeyDesign.Column::name)
                .findFirst()
                .orElse(null);
        String text = String.format(
                Locale.ROOT,
                "%s brings every partition under the guideline (largest %s rows, %s)",
                shardColumn == null
                        ? shards + " write shards (a shard column 0.." + (shards - 1) + ")"
                        : shards + " shards in column " + shardColumn,
                count(withShards),
                bytes(withShards * workload.bytesPerRow()));
        if (bucket != null) {
            KeyDesign.Column time = design.withBucket(bucket).columns().stream()
                    .filter(c -> c.generator() instanceof Generator.TimeBucket)
                    .findFirst()
                    .orElseThrow();
            text += String.format(
                    Locale.ROOT,
                    "; or %s time buckets in column %s %s (largest %s rows, %s)",
                    bucket.name().toLowerCase(Locale.ROOT),
                    time.name(),
                    time.cqlType(),
                    count(withBucket),
                    bytes(withBucket * workload.bytesPerRow()));
        }
        return new Fix(shards, withShards, bucket, withBucket, text);
    }

    /**
     * Refuses (413, before any key is generated) a design whose keys would not fit {@code maxGeneratedKeys}: the named
     * entities' keys (entities x buckets x shards), or with a population, those plus one sampled entity's keys.
     */
    private static void checkSize(KeyDesign design, Workload workload, Settings settings) {
        long perEntity = keysPerEntity(design, workload);
        long named = workload.entities().size() * perEntity;
        long needed = named + (workload.population() == null ? 0 : perEntity);
        if (needed > settings.maxGeneratedKeys()) {
            String what = String.format(
                    Locale.ROOT,
                    "partition keys from design '%s' (%,d named entities%s x %,d " + "buckets x %,d shards)",
                    design.name(),
                    workload.entities().size(),
                    workload.population() == null ? "" : " and 1 sampled",
                    perEntity / design.shards(),
                    design.shards());
            throw PlanException.tooLarge(
                    workload.population() == null ? "workload.entities" : "workload.population",
                    needed,
                    what,
                    settings.maxGeneratedKeys(),
                    "a design may generate",
                    "ringmap.plan.max-generated-keys, shared by the plan's designs");
        }
    }

    private static boolean fits(KeyDesign design, Workload workload, Settings settings) {
        long perEntity = keysPerEntity(design, workload);
        return (workload.entities().size() + (workload.population() == null ? 0 : 1)) * perEntity
                <= settings.maxGeneratedKeys();
    }

    /** Keys one entity generates: its time buckets over the period times the shards. */
    private static long keysPerEntity(KeyDesign design, Workload workload) {
        return (long) buckets(design.bucket(), workload.start(), workload.retentionDays())
                        .size()
                * design.shards();
    }

    /** The design's partitions; the caller has made sure they fit ({@link #checkSize}, {@link #fits}). */
    private static Aggregate aggregate(KeyDesign design, Workload workload, Settings settings) {
        List<Bucket> buckets = buckets(design.bucket(), workload.start(), workload.retentionDays());
        int shards = design.shards();
        long perEntity = (long) buckets.size() * shards;
        List<Entity> entities = new ArrayList<>();
        workload.entities().forEach((id, rate) -> entities.add(new Entity(id, rate, 1)));
        Sampling sampling = null;
        Workload.Population pop = workload.population();
        if (pop != null) {
            long budget = Math.max(1, (settings.maxGeneratedKeys() - entities.size() * perEntity) / perEntity);
            if (pop.count() <= budget) {
                for (long i = 0; i < pop.count(); i++) {
                    entities.add(new Entity(pop.prefix() + i, pop.eventsPerDay(), 1));
                }
            } else {
                double weight = (double) pop.count() / budget;
                for (long i : sample(pop.count(), (int) budget, settings.seed())) {
                    entities.add(new Entity(pop.prefix() + i, pop.eventsPerDay(), weight));
                }
                sampling = new Sampling(pop.count(), budget, settings.seed(), 0, 0, 0);
            }
        }
        boolean entityInKey = design.hasEntity();
        Map<List<String>, double[]> out = new LinkedHashMap<>();
        String[] values = new String[design.columns().size()];
        for (Entity entity : entities) {
            for (Bucket bucket : buckets) {
                for (int shard = 0; shard < shards; shard++) {
                    for (int c = 0; c < values.length; c++) {
                        KeyDesign.Column column = design.columns().get(c);
                        Generator g = column.generator();
                        if (g instanceof Generator.Fixed f) {
                            values[c] = f.value();
                        } else if (g instanceof Generator.Entity) {
                            values[c] = entity.id();
                        } else if (g instanceof Generator.TimeBucket t) {
                            values[c] = bucketText(t.unit(), bucket.start(), column.cqlType());
                        } else {
                            values[c] = Integer.toString(shard);
                        }
                    }
                    double rows = entity.rate() * bucket.days() / shards;
                    double[] p = out.computeIfAbsent(List.of(values), k -> new double[] {0, 1});
                    if (entityInKey) {
                        p[0] += rows;
                        p[1] = entity.weight();
                    } else {
                        p[0] += rows * entity.weight();
                    }
                }
            }
        }
        if (sampling != null) {
            sampling = new Sampling(sampling.population(), sampling.sampled(), sampling.seed(), out.size(), 0, 0);
        }
        return new Aggregate(out, sampling);
    }

    /** {@code k} distinct numbers of {@code [0, n)}, chosen with a fixed seed (Floyd's algorithm), ascending. */
    static long[] sample(long n, int k, long seed) {
        Random random = new Random(seed);
        Set<Long> chosen = new HashSet<>();
        for (long j = n - k; j < n; j++) {
            long t = (long) (random.nextDouble() * (j + 1));
            chosen.add(chosen.contains(t) ? j : t);
        }
        return chosen.stream().mapToLong(Long::longValue).sorted().toArray();
    }

    /** The time buckets over the retention period and how many days of it each covers (one bucket without a unit). */
    private static List<Bucket> buckets(Generator.BucketUnit unit, LocalDate start, int days) {
        if (unit == null) {
            return List.of(new Bucket(start.atStartOfDay(), days));
        }
        Map<LocalDateTime, double[]> out = new LinkedHashMap<>();
        for (int d = 0; d < days; d++) {
            LocalDate day = start.plusDays(d);
            switch (unit) {
                case HOUR -> {
                    for (int h = 0; h < 24; h++) {
                        out.computeIfAbsent(day.atTime(h, 0), k -> new double[1])[0] += 1.0 / 24;
                    }
                }
                case DAY -> out.computeIfAbsent(day.atStartOfDay(), k -> new double[1])[0] += 1;
                case WEEK ->
                    out.computeIfAbsent(
                                    day.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY))
                                            .atStartOfDay(),
                                    k -> new double[1])[0] += 1;
                case MONTH -> out.computeIfAbsent(day.withDayOfMonth(1).atStartOfDay(), k -> new double[1])[0] += 1;
            }
        }
        List<Bucket> buckets = new ArrayList<>();
        out.forEach((s, d) -> buckets.add(new Bucket(s, d[0])));
        return buckets;
    }

    /**
     * A bucket's start as a value of the column's CQL type: {@code date} the day, {@code timestamp} the instant (UTC),
     * integer types the bucket number since 1970-01-01 in the bucket's unit, text the ISO date (with {@code Thh} for
     * hours, {@code yyyy-MM} for months).
     */
    static String bucketText(Generator.BucketUnit unit, LocalDateTime start, String cqlType) {
        String type = cqlType.trim().toLowerCase(Locale.ROOT);
        LocalDateTime epoch = LocalDateTime.of(1970, 1, 1, 0, 0);
        return switch (type) {
            case "date" -> start.toLocalDate().toString();
            case "timestamp" -> start.toInstant(ZoneOffset.UTC).toString();
            case "int", "bigint", "smallint", "varint" ->
                Long.toString(
                        switch (unit) {
                            case HOUR -> ChronoUnit.HOURS.between(epoch, start);
                            case DAY -> ChronoUnit.DAYS.between(epoch, start);
                            case WEEK ->
                                Math.floorDiv(ChronoUnit.DAYS.between(epoch, start) + 3, 7); // weeks start on Monday
                            case MONTH -> ChronoUnit.MONTHS.between(epoch, start);
                        });
            default ->
                switch (unit) {
                    case HOUR -> start.toLocalDate() + String.format(Locale.ROOT, "T%02d", start.getHour());
                    case DAY, WEEK -> start.toLocalDate().toString();
                    case MONTH -> start.toLocalDate().toString().substring(0, 7);
                };
        };
    }

    /** Partitions touched reading one entity for one bucket, a week, and a month (30 days) from the period start. */
    private static List<Fanout> fanouts(KeyDesign design, Workload workload) {
        int shards = design.shards();
        List<Fanout> out = new ArrayList<>();
        out.add(new Fanout(
                design.bucket() == null
                        ? "one entity"
                        : "one entity, one " + design.bucket().name().toLowerCase(Locale.ROOT),
                shards));
        out.add(new Fanout(
                "one entity, 7 days",
                (long) buckets(design.bucket(), workload.start(), 7).size() * shards));
        out.add(new Fanout(
                "one entity, 30 days",
                (long) buckets(design.bucket(), workload.start(), 30).size() * shards));
        return out;
    }

    private static Percentiles percentiles(List<double[]> sizes, double scale) {
        if (sizes.isEmpty()) {
            return new Percentiles(0, 0, 0, 0);
        }
        List<double[]> sorted = new ArrayList<>(sizes);
        sorted.sort((a, b) -> Double.compare(a[0], b[0]));
        double total = sorted.stream().mapToDouble(s -> s[1]).sum();
        return new Percentiles(
                rank(sorted, total, 0.50) * scale,
                rank(sorted, total, 0.95) * scale,
                rank(sorted, total, 0.99) * scale,
                sorted.get(sorted.size() - 1)[0] * scale);
    }

    /** Nearest rank: the smallest size whose cumulative count reaches {@code p} of all partitions. */
    private static double rank(List<double[]> sorted, double total, double p) {
        double target = Math.ceil(p * total - 1e-9);
        double cumulative = 0;
        for (double[] s : sorted) {
            cumulative += s[1];
            if (cumulative >= target - 1e-9) {
                return s[0];
            }
        }
        return sorted.get(sorted.size() - 1)[0];
    }

    static String count(double v) {
        return Math.abs(v - Math.rint(v)) < 1e-6
                ? String.format(Locale.ROOT, "%,d", Math.round(v))
                : String.format(Locale.ROOT, "%,.1f", v);
    }

    /** Bytes in the largest binary unit that keeps the number at least 1, two decimals (GiB, MiB, KiB). */
    public static String bytes(double b) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
        int u = 0;
        double v = b;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%,.0f bytes = %.2f %s", b, v, units[u]);
    }
}
