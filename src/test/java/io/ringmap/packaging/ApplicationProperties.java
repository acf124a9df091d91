package io.ringmap.packaging;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.yaml.snakeyaml.Yaml;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The configuration property names the service knows: the keys of its own application.yaml plus every property
 * declared in Spring configuration metadata on the test classpath (Spring Boot's jars, and ringmap's own
 * target/classes/META-INF/spring-configuration-metadata.json once the configuration processor generates it).
 */
final class ApplicationProperties {

    /** Normalized name (lower case, no dashes or dots) -> declared type, for every known property. */
    private final Map<String, String> types = new HashMap<>();

    private ApplicationProperties() {}

    static ApplicationProperties load() {
        ApplicationProperties known = new ApplicationProperties();
        try {
            flatten(new Yaml().load(Files.readString(Path.of("src", "main", "resources", "application.yaml"))))
                    .keySet()
                    .forEach(key -> known.types.put(normalize(key), "?"));
            JsonMapper json = JsonMapper.builder().build();
            ClassLoader loader = ApplicationProperties.class.getClassLoader();
            for (String resource : List.of(
                    "META-INF/spring-configuration-metadata.json",
                    "META-INF/additional-spring-configuration-metadata.json")) {
                for (URL url : Collections.list(loader.getResources(resource))) {
                    try (InputStream in = url.openStream()) {
                        JsonNode properties = json.readTree(in).path("properties");
                        for (JsonNode property : properties) {
                            known.types.put(
                                    normalize(property.path("name").asString()),
                                    property.path("type").asString("?"));
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return known;
    }

    int size() {
        return types.size();
    }

    /**
     * Whether {@code name} binds: a declared property, or a path below a declared Map property whose value type has
     * the remaining segments as bean properties (e.g. spring.ssl.bundle.jks.NAME.truststore.location).
     */
    boolean knows(String name) {
        String[] segments = name.split("\\.");
        for (int i = segments.length; i > 0; i--) {
            String prefix = String.join(".", java.util.Arrays.copyOfRange(segments, 0, i));
            String type = types.get(normalize(prefix));
            if (type == null) {
                continue;
            }
            if (i == segments.length) {
                return true;
            }
            return type.startsWith("java.util.Map<") && bindsBelowMap(type, segments, i);
        }
        return false;
    }

    /** The property names of a (nested) YAML document, dotted; lists and scalars end a name. */
    static Map<String, Object> flatten(Object yaml) {
        Map<String, Object> flat = new LinkedHashMap<>();
        flatten("", yaml, flat);
        return flat;
    }

    private static void flatten(String prefix, Object node, Map<String, Object> into) {
        if (node instanceof Map<?, ?> map && !map.isEmpty()) {
            map.forEach((key, value) -> flatten(prefix.isEmpty() ? key.toString() : prefix + "." + key, value, into));
        } else {
            into.put(prefix, node);
        }
    }

    private static boolean bindsBelowMap(String mapType, String[] segments, int mapKeyIndex) {
        String valueType = mapType.substring(mapType.indexOf(',') + 1, mapType.lastIndexOf('>'))
                .trim();
        if (mapKeyIndex + 1 == segments.length) {
            return true; // NAME itself: a scalar map value
        }
        Type current;
        try {
            current = Class.forName(valueType);
        } catch (ClassNotFoundException e) {
            return false;
        }
        for (int i = mapKeyIndex + 1; i < segments.length; i++) {
            current = propertyType(current, segments[i]);
            if (current == null) {
                return false;
            }
        }
        return true;
    }

    private static Type propertyType(Type owner, String kebabName) {
        Class<?> type = owner instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) owner;
        String wanted = normalize(kebabName);
        for (Method method : type.getMethods()) {
            String name = method.getName();
            String property = name.startsWith("get")
                    ? name.substring(3)
                    : name.startsWith("is") ? name.substring(2) : name; // records: accessor named like the component
            if (method.getParameterCount() == 0
                    && normalize(property).equals(wanted)
                    && !method.getDeclaringClass().equals(Object.class)) {
                return method.getGenericReturnType();
            }
        }
        return null;
    }

    static String normalize(String name) {
        return name.replace("-", "").replace(".", "").replace("_", "").toLowerCase(Locale.ROOT);
    }

    /** The property an environment variable like SPRING_CASSANDRA_USERNAME binds to, in dotted form. */
    static String fromEnvironmentVariable(String variable) {
        return variable.toLowerCase(Locale.ROOT).replace('_', '.');
    }

    /** The declared type of a known property ("?" when only application.yaml names it), or null when unknown. */
    String type(String name) {
        return types.get(normalize(name));
    }
}
