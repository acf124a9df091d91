package io.ringmap.sizes.service;

import io.ringmap.sizes.SizesSnapshot;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * When the figures of an answer were collected.
 *
 * @param startedAt  when the round started
 * @param finishedAt when it finished
 * @param age        time from its end to the answer
 */
public record CollectionRound(Instant startedAt, Instant finishedAt, Duration age) {

    /** The round {@code snapshot} came from, as old as it is at the clock's now. */
    static CollectionRound of(SizesSnapshot snapshot, Clock clock) {
        return new CollectionRound(
                snapshot.startedAt(), snapshot.finishedAt(), Duration.between(snapshot.finishedAt(), clock.instant()));
    }
}
