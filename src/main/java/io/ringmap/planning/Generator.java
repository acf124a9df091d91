package io.ringmap.planning;

import java.util.Objects;

/** How a candidate partition key column gets its values in a plan. */
public sealed interface Generator {

    /** One value for every row (e.g. the tenant). */
    record Fixed(String value) implements Generator {

        public Fixed {
            Objects.requireNonNull(value, "value");
        }
    }

    /** The entity that emits the event (e.g. the device): one value per entity of the workload. */
    record Entity() implements Generator {}

    /** The start of the event's time bucket. */
    record TimeBucket(BucketUnit unit) implements Generator {

        public TimeBucket {
            Objects.requireNonNull(unit, "unit");
        }
    }

    /** A write shard 0..count-1; rows spread evenly over the shards. */
    record Shard(int count) implements Generator {

        public Shard {
            if (count < 1) {
                throw new IllegalArgumentException("a shard generator needs at least 1 shard, was " + count);
            }
        }
    }

    /** A time bucket's length. */
    enum BucketUnit {
        HOUR,
        DAY,
        WEEK,
        MONTH
    }
}
