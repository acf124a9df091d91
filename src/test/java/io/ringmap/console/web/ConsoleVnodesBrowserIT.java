package io.ringmap.console.web;

import io.ringmap.testcluster.TimeBudget;
import java.util.List;
import org.springframework.boot.test.context.SpringBootTest;

/** {@link ConsoleScenario} on the vnode sample (12 nodes of 16 tokens in two DCs of three racks). */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"management.server.port=0", "ringmap.topology.file=classpath:topology/vnodes.yaml"})
@TimeBudget(seconds = 195)
class ConsoleVnodesBrowserIT extends ConsoleScenario {

    ConsoleVnodesBrowserIT() {
        super("iot", List.of("10.1.1.1", "10.1.2.1", "10.1.3.1"), "vnodes");
    }
}
