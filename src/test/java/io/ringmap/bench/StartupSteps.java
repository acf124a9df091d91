package io.ringmap.bench;

import io.ringmap.RingmapApplication;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.condition.ConditionEvaluationReport;
import org.springframework.boot.context.metrics.buffering.BufferingApplicationStartup;
import org.springframework.boot.context.metrics.buffering.StartupTimeline;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Where the service's start-up goes: starts ringmap with Boot's {@link BufferingApplicationStartup}, stops it once
 * refreshed and prints the slowest start-up steps by their own time (a bean's time minus its dependencies'), summed
 * per step name, and the slowest single beans. Run: {@code java -cp ... io.ringmap.bench.StartupSteps [--args]}
 */
public final class StartupSteps {

    private StartupSteps() {}

    public static void main(String[] args) {
        SpringApplication app = new SpringApplication(RingmapApplication.class);
        BufferingApplicationStartup startup = new BufferingApplicationStartup(100_000);
        app.setApplicationStartup(startup);
        long t0 = System.nanoTime();
        List<String> all = new ArrayList<>(List.of("--server.port=0", "--management.server.port=0"));
        all.addAll(List.of(args));
        try (ConfigurableApplicationContext context = app.run(all.toArray(String[]::new))) {
            System.out.printf("context refreshed in %d ms%n", (System.nanoTime() - t0) / 1_000_000);
            if (Boolean.getBoolean("conditions")) {
                ConditionEvaluationReport.get(context.getBeanFactory())
                        .getConditionAndOutcomesBySource()
                        .forEach((source, outcomes) ->
                                System.out.println((outcomes.isFullMatch() ? "+ " : "- ") + source));
            }
        }
        StartupTimeline timeline = startup.getBufferedTimeline();
        Map<Long, Long> childTime = new HashMap<>();
        for (StartupTimeline.TimelineEvent e : timeline.getEvents()) {
            Long parent = e.getStartupStep().getParentId();
            if (parent != null) {
                childTime.merge(parent, e.getDuration().toNanos(), Long::sum);
            }
        }
        record Self(String name, String detail, long nanos) {}
        List<Self> selves = new ArrayList<>();
        Map<String, Long> byName = new HashMap<>();
        for (StartupTimeline.TimelineEvent e : timeline.getEvents()) {
            long self = e.getDuration().toNanos()
                    - childTime.getOrDefault(e.getStartupStep().getId(), 0L);
            String detail = e.getStartupStep().getTags().iterator().hasNext()
                    ? e.getStartupStep().getTags().iterator().next().getValue()
                    : "";
            selves.add(new Self(e.getStartupStep().getName(), detail, self));
            byName.merge(e.getStartupStep().getName(), self, Long::sum);
        }
        String trace = System.getProperty("trace");
        if (trace != null) { // the chain of steps that led to a bean's creation
            Map<Long, StartupTimeline.TimelineEvent> byId = new HashMap<>();
            timeline.getEvents().forEach(e -> byId.put(e.getStartupStep().getId(), e));
            timeline.getEvents().stream()
                    .filter(e -> e.getStartupStep().getTags().iterator().hasNext()
                            && e.getStartupStep()
                                    .getTags()
                                    .iterator()
                                    .next()
                                    .getValue()
                                    .contains(trace))
                    .forEach(e -> {
                        for (StartupTimeline.TimelineEvent at = e;
                                at != null;
                                at = at.getStartupStep().getParentId() == null
                                        ? null
                                        : byId.get(at.getStartupStep().getParentId())) {
                            System.out.println("  <- " + at.getStartupStep().getName() + " "
                                    + at.getStartupStep()
                                            .getTags()
                                            .iterator()
                                            .next()
                                            .getValue());
                        }
                    });
        }
        System.out.println("own time by step name:");
        byName.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .limit(15)
                .forEach(e -> System.out.printf("  %6d ms  %s%n", e.getValue() / 1_000_000, e.getKey()));
        System.out.println("slowest steps by own time:");
        selves.stream()
                .sorted(Comparator.comparingLong(Self::nanos).reversed())
                .limit(60)
                .forEach(s -> System.out.printf("  %6d ms  %s %s%n", s.nanos() / 1_000_000, s.name(), s.detail()));
        System.out.println("total " + Duration.ofNanos(System.nanoTime() - t0).toMillis() + " ms");
    }
}
