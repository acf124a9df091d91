package io.ringmap;

import java.security.Security;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The ringmap service: Cassandra partition routing (tokens, replicas, splits) over HTTP. */
@SpringBootApplication
public class RingmapApplication {

    /** Seconds the JVM keeps a successful name lookup unless the operator set it (docs/peers.md). */
    static final String DNS_CACHE_SECONDS = "5";

    public static void main(String[] args) {
        // the JVM keeps a successful lookup 30 s by default (networkaddress.cache.ttl, read once, at the first
        // lookup): the peers' DNS name (a headless Service) would show a scaled Deployment up to 30 s after each
        // refresh saw the old answer; 5 s is the TTL CoreDNS gives a Service's records
        if (Security.getProperty("networkaddress.cache.ttl") == null
                && System.getProperty("sun.net.inetaddr.ttl") == null) {
            Security.setProperty("networkaddress.cache.ttl", DNS_CACHE_SECONDS);
        }
        SpringApplication.run(RingmapApplication.class, args);
    }
}
