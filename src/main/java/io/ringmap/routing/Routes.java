package io.ringmap.routing;

import io.ringmap.ring.KeyspacePlacement;
import io.ringmap.snapshot.ServedSnapshot;
import java.util.List;

/**
 * Keys of one request routed against one snapshot.
 *
 * @param placement the keyspace's placement when replicas were asked for, else null
 * @param keys in request order
 */
public record Routes(ServedSnapshot snapshot, KeyspacePlacement.Placed placement, List<KeyRoute> keys) {}
