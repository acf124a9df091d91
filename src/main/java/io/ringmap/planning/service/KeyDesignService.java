package io.ringmap.planning.service;

import io.ringmap.planning.KeyDesign;
import io.ringmap.planning.KeyDesignPlanner;
import io.ringmap.planning.PlanException;
import io.ringmap.planning.Workload;
import io.ringmap.problem.ProblemKind;
import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.ring.TokenRing;
import io.ringmap.routing.RoutingService;
import io.ringmap.snapshot.ServedSnapshot;
import java.util.ArrayList;
import java.util.List;

/** Answers {@code POST /plan}: candidate partition key designs modelled on a keyspace of the served ring. */
public class KeyDesignService {

    private final RoutingService routing;
    private final PlanLimits limits;

    public KeyDesignService(RoutingService routing, PlanLimits limits) {
        this.routing = routing;
        this.limits = limits;
    }

    /** Every design of the question modelled on the keyspace's ring, with the workload's rows and bytes. */
    public KeyDesignPlans plan(PlanQuestion question) {
        if (question.designCount() > limits.maxDesigns()) {
            throw PlanException.tooLarge(
                    "designs",
                    question.designCount(),
                    "designs",
                    limits.maxDesigns(),
                    "a plan compares",
                    "ringmap.plan.max-designs");
        }
        ServedSnapshot served = routing.snapshot();
        KeyspacePlacement.Placed placement = routing.placement(served, question.keyspace());
        TokenRing ring = served.tokenRing();
        Workload workload = question.workload();
        long maxRows = question.maxRows();
        long maxBytes = question.maxBytes();
        if (maxRows < 1 || maxBytes < 1) {
            throw new PlanException(
                    ProblemKind.INVALID_GENERATOR, "guideline", "guideline rows and bytes must be at least 1");
        }
        // the plan's key budget is shared by its designs, so the whole request is bounded, not each design
        KeyDesignPlanner.Settings settings = new KeyDesignPlanner.Settings(
                maxRows, maxBytes, Math.max(1, limits.maxGeneratedKeys() / question.designCount()), question.seed());
        List<KeyDesign> designs = new ArrayList<>();
        for (int d = 0; d < question.designCount(); d++) {
            designs.add(question.design(d));
        }
        List<KeyDesignPlanner.DesignPlan> plans = KeyDesignPlanner.plan(
                designs,
                workload,
                settings,
                design -> KeyHashing.encoder(placement.keyspace(), design, ring.partitioner()),
                served.ring(),
                placement);
        return new KeyDesignPlans(placement.keyspace(), placement.replication(), maxRows, maxBytes, plans, served);
    }
}
