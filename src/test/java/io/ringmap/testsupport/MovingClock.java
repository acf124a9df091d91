package io.ringmap.testsupport;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A UTC clock the test moves by hand: it stays at its instant until the test sets or advances it. */
public final class MovingClock extends Clock {

    private volatile Instant now;

    public MovingClock(Instant start) {
        this.now = start;
    }

    /** Moves the clock to {@code instant}. */
    public void set(Instant instant) {
        now = instant;
    }

    /** Moves the clock on by {@code duration}. */
    public void advance(Duration duration) {
        now = now.plus(duration);
    }

    @Override
    public ZoneOffset getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public Instant instant() {
        return now;
    }
}
