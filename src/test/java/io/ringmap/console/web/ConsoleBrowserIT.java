package io.ringmap.console.web;

import io.ringmap.testcluster.TimeBudget;
import java.util.List;
import org.springframework.boot.test.context.SpringBootTest;

/** {@link ConsoleScenario} on the default bundled sample (4 nodes, one token each, two keyspaces). */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "management.server.port=0")
@TimeBudget(seconds = 165)
class ConsoleBrowserIT extends ConsoleScenario {

    ConsoleBrowserIT() {
        super("iot_multi_dc", List.of("127.0.0.3", "127.0.0.4"), "default");
    }
}
