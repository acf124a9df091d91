package io.ringmap.streams.service;

import io.ringmap.config.StreamFormat;

/**
 * What a streamed batch asks, from its parameters.
 *
 * @param replicas    true for {@code /replicas} (tokens and replicas), false for {@code /token}
 * @param dc          only replicas in this data centre, or null
 * @param compact     each distinct replica set written once, each key referring to it by index
 * @param stopOnError end the stream at the first bad line (answered in its place) instead of answering the rest
 * @param input       the body's format
 */
public record StreamRequest(
        String keyspace,
        String table,
        boolean replicas,
        String dc,
        boolean compact,
        boolean stopOnError,
        StreamFormat input) {}
