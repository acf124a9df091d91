package io.ringmap.packaging;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.Yaml;
import tools.jackson.databind.json.JsonMapper;

/**
 * The values of a chart's values.yaml with their {@code # --} comments (the helm-docs convention: a comment starting
 * with {@code # --} right above a key documents it, continued by the {@code #} lines below it), and the Markdown table
 * of them that the chart's README carries.
 */
final class ChartValuesDoc {

    private static final Pattern KEY = Pattern.compile("^( *)([A-Za-z0-9_.-]+):(\\s.*)?$");
    private static final Pattern DOC = Pattern.compile("^ *# -- ?(.*)$");
    private static final Pattern CONTINUATION = Pattern.compile("^ *# ?(.*)$");

    /** A documented value: its dotted path, its type, its default as JSON and its description. */
    record Value(String path, String type, String defaultJson, String description) {}

    private final Map<String, Object> values;
    private final Map<String, String> descriptions = new LinkedHashMap<>();

    ChartValuesDoc(String valuesYaml) {
        this.values = new Yaml().load(valuesYaml);
        Deque<Map.Entry<Integer, String>> parents = new ArrayDeque<>();
        StringBuilder pending = null;
        for (String line : valuesYaml.split("\n", -1)) {
            Matcher doc = DOC.matcher(line);
            if (doc.matches()) {
                pending = new StringBuilder(doc.group(1).strip());
                continue;
            }
            Matcher continuation = CONTINUATION.matcher(line);
            if (pending != null && continuation.matches()) {
                pending.append(' ').append(continuation.group(1).strip());
                continue;
            }
            Matcher key = KEY.matcher(line);
            if (!key.matches()) {
                if (line.isBlank() || line.stripLeading().startsWith("#")) {
                    pending = null;
                }
                continue; // list items and flow values belong to the key above
            }
            int indent = key.group(1).length();
            while (!parents.isEmpty() && parents.peek().getKey() >= indent) {
                parents.pop();
            }
            List<String> path = new ArrayList<>();
            parents.descendingIterator().forEachRemaining(p -> path.add(p.getValue()));
            path.add(key.group(2));
            parents.push(Map.entry(indent, key.group(2)));
            if (pending != null) {
                descriptions.put(String.join(".", path), pending.toString().strip());
                pending = null;
            }
        }
    }

    /** Every documented value, in file order. */
    List<Value> values() {
        List<Value> documented = new ArrayList<>();
        descriptions.forEach((path, description) -> {
            Object value = valueAt(path);
            documented.add(new Value(path, type(value), json(value), description));
        });
        return documented;
    }

    /** Paths of values that neither carry a {@code # --} comment nor sit under a documented map. */
    List<String> undocumented() {
        List<String> missing = new ArrayList<>();
        collectUndocumented("", values, missing);
        return missing;
    }

    /** The Markdown table of {@link #values()}. */
    String markdownTable() {
        StringBuilder table =
                new StringBuilder("| Key | Type | Default | Description |\n|-----|------|---------|-------------|\n");
        for (Value v : values()) {
            table.append("| `")
                    .append(v.path())
                    .append("` | ")
                    .append(v.type())
                    .append(" | `")
                    .append(v.defaultJson().replace("|", "\\|"))
                    .append("` | ")
                    .append(v.description().replace("|", "\\|"))
                    .append(" |\n");
        }
        return table.toString();
    }

    @SuppressWarnings("unchecked")
    private void collectUndocumented(String prefix, Map<String, Object> map, List<String> missing) {
        map.forEach((key, value) -> {
            String path = prefix.isEmpty() ? key : prefix + "." + key;
            if (descriptions.containsKey(path)) {
                return;
            }
            if (value instanceof Map<?, ?> child && !child.isEmpty()) {
                collectUndocumented(path, (Map<String, Object>) child, missing);
            } else {
                missing.add(path);
            }
        });
    }

    private Object valueAt(String path) {
        Object current = values;
        for (String segment : path.split("\\.")) {
            current = ((Map<?, ?>) current).get(segment);
        }
        return current;
    }

    private static String type(Object value) {
        if (value instanceof Map<?, ?>) {
            return "object";
        } else if (value instanceof List<?>) {
            return "list";
        } else if (value instanceof Boolean) {
            return "bool";
        } else if (value instanceof Integer || value instanceof Long) {
            return "int";
        } else if (value instanceof Number) {
            return "float";
        }
        return "string";
    }

    private static String json(Object value) {
        return JsonMapper.shared().writeValueAsString(value);
    }
}
