package io.ringmap;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The ringmap service: Cassandra partition routing (tokens, replicas, splits) over HTTP. */
@SpringBootApplication
public class RingmapApplication {

    public static void main(String[] args) {
        SpringApplication.run(RingmapApplication.class, args);
    }
}
