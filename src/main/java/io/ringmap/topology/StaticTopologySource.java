package io.ringmap.topology;

import io.ringmap.config.TopologyProperties;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.io.Resource;
import org.springframework.core.io.ResourceLoader;

/**
 * Serves a topology described in a YAML file (the bundled sample by default). Read at start-up, where an invalid file
 * stops the service. Nothing refreshes it on a schedule (no {@link #refreshInterval()}: it never goes overdue); an
 * explicit {@link #refresh()} re-reads it, where an invalid edit keeps the last good snapshot.
 */
public class StaticTopologySource implements TopologySource {

    private static final Logger log = LoggerFactory.getLogger(StaticTopologySource.class);

    private final Resource resource;
    private final String location;
    private final TopologyPublisher publisher;
    private final TopologyProperties properties;

    public StaticTopologySource(ResourceLoader loader, TopologyProperties properties, TopologyPublisher publisher) {
        this.location = properties.file();
        this.resource = loader.getResource(location);
        this.publisher = publisher;
        this.properties = properties;
        publisher.publish(read(), name());
    }

    @Override
    public String name() {
        return "static:" + location;
    }

    @Override
    public void refresh() {
        try {
            publisher.publish(read(), name());
        } catch (RuntimeException e) {
            log.error("static topology {} could not be re-read; serving the last good snapshot: {}", location,
                    e.getMessage());
        }
    }

    private TopologyModel read() {
        String text;
        try (InputStream in = resource.getInputStream()) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("static topology " + location + " cannot be read: " + e.getMessage(), e);
        }
        TopologyModel model = StaticTopologyParser.parse(text, location);
        Map<String, Map<String, String>> replication = new LinkedHashMap<>();
        model.replication().forEach((ks, r) -> {
            if (properties.serves(ks)) {
                replication.put(ks, r);
            }
        });
        return new TopologyModel(model.clusterName(), model.partitioner(), model.nodes(), replication,
                model.tables().stream().filter(t -> properties.serves(t.keyspace())).toList(), model.localAddress());
    }
}
