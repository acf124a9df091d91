package io.ringmap.security;

import java.util.Map;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.web.server.LocalServerPort;

/** A test of a ringmap started on random API and management ports, called through {@link Caller}. */
abstract class RunningRingmap {

    @LocalServerPort
    int port;

    @Value("${local.management.port}")
    int managementPort;

    Caller anonymous() {
        return new Caller(port, managementPort, Map.of());
    }
}
