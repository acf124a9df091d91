package io.ringmap.sizes.cluster;

import io.ringmap.ring.TableName;
import io.ringmap.sizes.EstimatedHistograms;
import io.ringmap.sizes.JmxTableStats;
import io.ringmap.sizes.RankedPartition;
import io.ringmap.topology.JmxConnections;
import io.ringmap.topology.JmxSettings;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import javax.management.remote.JMXConnector;

/**
 * Reads one node's table metrics over JMX, as {@code nodetool tablestats}, {@code tablehistograms} and
 * {@code toppartitions} do: the {@code org.apache.cassandra.metrics:type=Table} gauges and histograms, and the
 * table MBean ({@code org.apache.cassandra.db:type=Tables}) for its top partitions and sampling.
 */
final class JmxNodeReader {

    private final JmxSettings settings;

    JmxNodeReader(JmxSettings settings) {
        this.settings = settings;
    }

    /** Opens a connection to the node's JMX (the caller closes it). */
    JMXConnector connect(String address) throws IOException {
        return JmxConnections.open(settings, address);
    }

    /** The table's JMX figures (without samples). */
    JmxTableStats read(MBeanServerConnection jmx, TableName t, int top) throws Exception {
        long max = number(jmx, metric(t, "MaxPartitionSize"), "Value");
        long mean = number(jmx, metric(t, "MeanPartitionSize"), "Value");
        long min = number(jmx, metric(t, "MinPartitionSize"), "Value");
        long partitions = number(jmx, metric(t, "EstimatedPartitionCount"), "Value");
        long disk = number(jmx, metric(t, "LiveDiskSpaceUsed"), "Count");
        long[] sizes = (long[]) jmx.getAttribute(metric(t, "EstimatedPartitionSizeHistogram"), "Value");
        long[] cells = (long[]) jmx.getAttribute(metric(t, "EstimatedColumnCountHistogram"), "Value");
        ObjectName table = table(t);
        return new JmxTableStats(
                max,
                mean,
                min,
                partitions,
                disk,
                EstimatedHistograms.percentiles(sizes),
                EstimatedHistograms.percentiles(cells),
                ranked(jmx.getAttribute(table, "TopSizePartitions"), top),
                ranked(jmx.getAttribute(table, "TopTombstonePartitions"), top),
                List.of(),
                List.of());
    }

    /** Starts read and write sampling of the table (as {@code nodetool toppartitions}). */
    void beginSampling(MBeanServerConnection jmx, TableName t, int capacity, Duration duration) throws Exception {
        for (String sampler : List.of("READS", "WRITES")) {
            jmx.invoke(
                    table(t),
                    "beginLocalSampling",
                    new Object[] {sampler, capacity, (int) duration.toMillis()},
                    new String[] {String.class.getName(), int.class.getName(), int.class.getName()});
        }
    }

    /** Ends the table's sampling: the most read and most written partitions with their counts. */
    List<List<RankedPartition>> finishSampling(MBeanServerConnection jmx, TableName t, int top) throws Exception {
        List<List<RankedPartition>> out = new ArrayList<>(2);
        for (String sampler : List.of("READS", "WRITES")) {
            Object result = jmx.invoke(table(t), "finishLocalSampling", new Object[] {sampler, top}, new String[] {
                String.class.getName(), int.class.getName()
            });
            List<RankedPartition> ranked = new ArrayList<>();
            if (result instanceof List<?> list) {
                for (Object o : list) {
                    if (o instanceof CompositeData c) {
                        ranked.add(new RankedPartition(
                                String.valueOf(c.get("value")), ((Number) c.get("count")).longValue()));
                    }
                }
            }
            ranked.sort(Comparator.comparingLong(RankedPartition::value).reversed());
            out.add(ranked);
        }
        return out;
    }

    private static List<RankedPartition> ranked(Object map, int top) {
        List<RankedPartition> out = new ArrayList<>();
        if (map instanceof Map<?, ?> m) {
            m.forEach((k, v) -> out.add(new RankedPartition(String.valueOf(k), ((Number) v).longValue())));
        }
        out.sort(Comparator.comparingLong(RankedPartition::value).reversed().thenComparing(RankedPartition::key));
        return out.size() > top ? List.copyOf(out.subList(0, top)) : out;
    }

    private static long number(MBeanServerConnection jmx, ObjectName name, String attribute) throws Exception {
        Object v = jmx.getAttribute(name, attribute);
        return v instanceof Number n ? n.longValue() : 0;
    }

    private static ObjectName metric(TableName t, String name) throws Exception {
        return new ObjectName("org.apache.cassandra.metrics:type=Table,keyspace=" + quote(t.keyspace()) + ",scope="
                + quote(t.table()) + ",name=" + name);
    }

    private static ObjectName table(TableName t) throws Exception {
        return new ObjectName(
                "org.apache.cassandra.db:type=Tables,keyspace=" + quote(t.keyspace()) + ",table=" + quote(t.table()));
    }

    /** Cassandra's CQL identifiers need no quoting in object names unless they hold reserved characters. */
    private static String quote(String value) {
        return value.matches("[A-Za-z0-9_]+") ? value : ObjectName.quote(value);
    }
}
