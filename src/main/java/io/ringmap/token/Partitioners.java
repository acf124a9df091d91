package io.ringmap.token;

import java.util.List;
import java.util.Locale;

/** Looks partitioners up by the names Cassandra reports ({@code system.local.partitioner}, driver metadata). */
public final class Partitioners {

    private static final List<Partitioner> ALL =
            List.of(Murmur3Partitioner.INSTANCE, RandomPartitioner.INSTANCE, ByteOrderedPartitioner.INSTANCE);

    private Partitioners() {}

    /**
     * The partitioner for a short or fully qualified class name, e.g. {@code Murmur3Partitioner} or
     * {@code org.apache.cassandra.dht.Murmur3Partitioner}.
     *
     * @throws IllegalArgumentException naming the supported partitioners
     */
    public static Partitioner byName(String name) {
        String simple = name.substring(name.lastIndexOf('.') + 1).trim().toLowerCase(Locale.ROOT);
        for (Partitioner p : ALL) {
            if (p.name().toLowerCase(Locale.ROOT).equals(simple)) {
                return p;
            }
        }
        throw new IllegalArgumentException("partitioner '" + name + "' is not supported; supported: "
                + ALL.stream().map(Partitioner::name).toList());
    }

    public static List<Partitioner> all() {
        return ALL;
    }
}
