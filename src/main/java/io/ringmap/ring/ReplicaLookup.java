package io.ringmap.ring;

/** The answer to "who holds this token": the owning range (by token index) and its replicas. */
public record ReplicaLookup(int tokenIndex, TokenRange range, ReplicaSet replicas) {}
