package io.ringmap.routing.web;

import java.util.Map;

/** One key of a batch. */
public record TokenResult(Map<String, String> key, String token, String serializedKey) {}
