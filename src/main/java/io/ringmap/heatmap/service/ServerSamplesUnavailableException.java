package io.ringmap.heatmap.service;

import io.ringmap.problem.ProblemKind;
import io.ringmap.problem.RequestProblem;

/** The heatmap's server-sampled series were asked for where no server samples are collected. */
public class ServerSamplesUnavailableException extends RequestProblem {

    /** The detail: what the series need. */
    public static final String DETAIL = "server-sampled reads and writes come from JMX partition sampling on a live "
            + "cluster (spring.cassandra.contact-points, ringmap.sizes.jmx.sampling.enabled=true), which this "
            + "instance does not run: source=client shows the client hits";

    public ServerSamplesUnavailableException() {
        // not retryable: the service's configuration, not a fault (as sizes-not-collected elsewhere)
        super(ProblemKind.SIZES_NOT_COLLECTED.problem(DETAIL).with("retryable", false));
    }
}
