package io.ringmap.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.ringmap.config.TopologyProperties;
import io.ringmap.ring.NodeState;
import io.ringmap.snapshot.ServedSnapshot;
import io.ringmap.snapshot.SnapshotHolder;
import io.ringmap.testsupport.MovingClock;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;
import org.springframework.core.io.DefaultResourceLoader;

/**
 * A {@code file:} topology follows its edits on the refresh interval: changed content is published, unchanged content
 * (or an edit that leaves the model as it was) keeps the snapshot, an invalid edit keeps the last good snapshot marked
 * stale with the parse error, and a later valid edit recovers.
 */
class StaticTopologyFileEditsTest {

    static final Instant T0 = Instant.parse("2026-12-01T00:00:00Z");
    static final String SAMPLE = sample();
    static final String N2_DOWN = SAMPLE.replace("{hostId: N2, ", "{hostId: N2, state: DOWN, ");

    @TempDir
    Path dir;

    final MovingClock clock = new MovingClock(T0);
    final SnapshotHolder holder = new SnapshotHolder(clock);
    StaticTopologySource source;

    @AfterEach
    void stop() {
        if (source != null) {
            source.destroy();
        }
    }

    @Test
    void publishesAnEditedFileOnTheRefreshInterval() throws IOException {
        Path file = write(SAMPLE);
        start("file:" + file, Duration.ofMillis(100));
        assertThat(holder.current().createdAt()).isEqualTo(T0);

        clock.set(T0.plusSeconds(60));
        edit(file, N2_DOWN);

        ServedSnapshot edited = await().atMost(Duration.ofSeconds(20)).until(holder::current, s -> s.version() == 2);
        assertThat(edited.createdAt()).isEqualTo(T0.plusSeconds(60));
        assertThat(edited.stale()).isFalse();
        assertThat(edited.tokenRing().nodes().get(1).state()).isEqualTo(NodeState.DOWN);
    }

    @Test
    void keepsTheLastGoodSnapshotStaleWithTheParseErrorUntilAValidEdit() throws IOException {
        Path file = write(SAMPLE);
        start("file:" + file, Duration.ofMillis(100));

        edit(file, SAMPLE.replace("tokens: [\"0\"]", "tokens: [\"-4611686018427387904\"]"));
        ServedSnapshot invalid = await().atMost(Duration.ofSeconds(20)).until(holder::current, ServedSnapshot::stale);
        assertThat(invalid.version()).isEqualTo(1);
        assertThat(invalid.staleReason())
                .startsWith("static topology file:" + file + " is invalid, serving the last " + "good snapshot: ")
                .contains("token -4611686018427387904 is owned by both");
        assertThat(holder.failedRefreshes()).isEqualTo(1);

        clock.set(T0.plusSeconds(90));
        edit(file, N2_DOWN);
        ServedSnapshot recovered = await().atMost(Duration.ofSeconds(20)).until(holder::current, s -> !s.stale());
        assertThat(recovered.version()).isGreaterThan(1); // a new snapshot (a refused build consumes a number too)
        assertThat(recovered.tokenRing().nodes().get(1).state()).isEqualTo(NodeState.DOWN);
        assertThat(recovered.createdAt()).isEqualTo(T0.plusSeconds(90));
        assertThat(holder.failedRefreshes()).isEqualTo(1); // the invalid content was reported once, not per re-read
    }

    @Test
    void aFileThatCannotBeReadIsCountedOnEveryRefreshAndLoggedOnceAsAWarning() throws IOException {
        Path file = write(SAMPLE);
        start("file:" + file, Duration.ofHours(1)); // explicit refreshes only
        Logger logger = (Logger) LoggerFactory.getLogger(StaticTopologySource.class);
        ListAppender<ILoggingEvent> lines = new ListAppender<>();
        lines.start();
        logger.addAppender(lines);
        try {
            Files.delete(file);
            for (int i = 0; i < 3; i++) {
                source.refresh();
            }
            assertThat(holder.current().stale()).isTrue();
            assertThat(holder.current().staleReason()).contains("cannot be read");
            assertThat(holder.failedRefreshes()).isEqualTo(3);

            edit(file, N2_DOWN);
            source.refresh();
            assertThat(holder.current().stale()).isFalse();

            List<ILoggingEvent> mine = lines.list.stream()
                    .filter(e -> e.getFormattedMessage().contains(file.toString()))
                    .toList();
            assertThat(mine).extracting(ILoggingEvent::getLevel).containsExactly(Level.WARN, Level.INFO);
            assertThat(mine.get(0).getFormattedMessage())
                    .contains("cannot be read")
                    .endsWith("serving the last good snapshot");
        } finally {
            logger.detachAppender(lines);
        }
    }

    @Test
    void publishesNothingNewForUnchangedContentOrAnEditThatLeavesTheModelAsItWas() throws IOException {
        Path file = write(SAMPLE);
        start("file:" + file, Duration.ofHours(1)); // explicit refreshes only

        clock.set(T0.plusSeconds(30));
        edit(file, SAMPLE); // rewritten as it was
        source.refresh();
        edit(file, SAMPLE + "\n# a comment\n");
        source.refresh();

        assertThat(holder.current().version()).isEqualTo(1);
        assertThat(holder.current().createdAt()).isEqualTo(T0);
        assertThat(holder.current().stale()).isFalse();
    }

    /** An edit of the same size that moves N2 to rack3: only the content tells it from the sample. */
    static final String N2_RACK3 = SAMPLE.replace(
            "address: 127.0.0.2, datacenter: dc1, rack: rack2",
            "address: " + "127.0.0.2, datacenter: dc1, rack: rack3");

    @Test
    void theWatchReadsAFileAgainOnlyWhenItsTimeOrSizeChangedOrItsLastReadCameTooSoonAfterAnEdit() throws IOException {
        assertThat(N2_RACK3).hasSameSizeAs(SAMPLE).isNotEqualTo(SAMPLE);
        Path file = write(SAMPLE);
        FileTime old = FileTime.from(Instant.now().minus(Duration.ofHours(1)));
        Files.setLastModifiedTime(file, old);
        start("file:" + file, Duration.ofHours(1)); // explicit watches only

        // the same time and size as at the last read, which came long after the edit: not read
        edit(file, N2_RACK3);
        Files.setLastModifiedTime(file, old);
        source.watch();
        assertThat(holder.current().version()).isEqualTo(1);

        // a later time: read, and published
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().minus(Duration.ofMinutes(30))));
        source.watch();
        assertThat(holder.current().version()).isEqualTo(2);
        assertThat(holder.current().tokenRing().nodes().get(1).rack()).isEqualTo("rack3");

        // an edit as the file is read, within the window where a file system may keep its time: read at every watch
        // until the file is older than the window, so a second same-size edit in the same tick is not missed
        FileTime now = FileTime.from(Instant.now());
        edit(file, SAMPLE);
        Files.setLastModifiedTime(file, now);
        source.watch();
        assertThat(holder.current().version()).isEqualTo(3);
        edit(file, N2_RACK3);
        Files.setLastModifiedTime(file, now);
        source.watch();
        assertThat(holder.current().version()).isEqualTo(4);
        assertThat(holder.current().tokenRing().nodes().get(1).rack()).isEqualTo("rack3");
    }

    @Test
    void aClasspathTopologyIsReadOnce() {
        start("classpath:topology/default.yaml", Duration.ofMillis(100));
        source.refresh(); // explicit: read again, unchanged

        assertThat(holder.current().version()).isEqualTo(1);
        assertThat(holder.current().source()).isEqualTo("static:classpath:topology/default.yaml");
    }

    private void start(String location, Duration interval) {
        source = new StaticTopologySource(
                new DefaultResourceLoader(), new TopologyProperties(location, interval, List.of(), "static"), holder);
        source.afterSingletonsInstantiated();
    }

    private Path write(String content) throws IOException {
        Path file = dir.resolve("ring.yaml");
        Files.writeString(file, content);
        return file;
    }

    /**
     * Replaces the file's content in one step, as a ConfigMap update or an editor's save-by-rename does: written in
     * place, a refresh every 100 ms could read it half written (an empty or cut file is invalid content of its own,
     * counted as one more failed refresh: 2 instead of 1 in one run).
     */
    private static void edit(Path file, String content) throws IOException {
        Path next = file.resolveSibling(file.getFileName() + ".next");
        Files.writeString(next, content);
        Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static String sample() {
        try (InputStream in = StaticTopologyFileEditsTest.class.getResourceAsStream("/topology/default.yaml")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
