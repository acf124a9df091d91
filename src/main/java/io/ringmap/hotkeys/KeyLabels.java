package io.ringmap.hotkeys;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Readable, unambiguous labels for partition keys: components joined with ':' as {@code nodetool getendpoints}
 * and {@code toppartitions} print composite keys ({@code sensor-17:2026-10-01}), with ':' and '\' inside a
 * component escaped by a backslash so that {@code a:b + c} and {@code a + b:c} never share a label.
 */
public final class KeyLabels {

    /** The exported key of the catch-all series: hits of every key outside a table's top K. */
    public static final String OTHER = "_other";

    static final char SEPARATOR = ':';
    static final char ESCAPE = '\\';

    private KeyLabels() {}

    /** Joins the canonical text of each partition key component into one label. */
    public static String join(List<String> components) {
        Objects.requireNonNull(components, "components must not be null");
        if (components.isEmpty()) {
            throw new IllegalArgumentException("a partition key has at least one component");
        }
        if (components.size() == 1) {
            String only = Objects.requireNonNull(components.get(0), "partition key component 0 must not be null");
            if (only.indexOf(SEPARATOR) < 0 && only.indexOf(ESCAPE) < 0) {
                return only; // the common single-component key costs no copy
            }
        }
        if (components.size() == 2 && plain(components.get(0)) && plain(components.get(1))) {
            return components.get(0) + SEPARATOR + components.get(1); // the common composite key: one exact copy
        }
        StringBuilder label = new StringBuilder(estimateLength(components));
        for (int i = 0; i < components.size(); i++) {
            String component = components.get(i);
            if (component == null) {
                throw new IllegalArgumentException("partition key component " + i + " must not be null");
            }
            if (i > 0) {
                label.append(SEPARATOR);
            }
            appendEscaped(label, component);
        }
        return label.toString();
    }

    /** Joins the canonical text of each partition key component into one label. */
    public static String join(String... components) {
        return join(List.of(components));
    }

    /**
     * Splits a label made by {@link #join} back into its components.
     *
     * @throws IllegalArgumentException if the label ends inside an escape, escapes a character other than
     *                                  ':' or '\', or was shortened by {@link #bounded}
     */
    public static List<String> parse(String label) {
        Objects.requireNonNull(label, "label must not be null");
        List<String> components = new ArrayList<>(2);
        StringBuilder current = new StringBuilder(label.length());
        for (int i = 0; i < label.length(); i++) {
            char c = label.charAt(i);
            if (c == ESCAPE) {
                if (i + 1 == label.length()) {
                    throw new IllegalArgumentException("label must not end with a lone '\\' at index " + i);
                }
                char escaped = label.charAt(++i);
                if (escaped != SEPARATOR && escaped != ESCAPE) {
                    throw new IllegalArgumentException(
                            "label may only escape ':' or '\\', found '\\" + escaped + "' at index " + (i - 1));
                }
                current.append(escaped);
            } else if (c == SEPARATOR) {
                components.add(current.toString());
                current.setLength(0);
            } else {
                current.append(c);
            }
        }
        components.add(current.toString());
        return List.copyOf(components);
    }

    /**
     * Caps a label's length so a sketch's memory stays bounded whatever the keys look like: a label longer than
     * {@code maxLength} keeps its first characters and ends with {@code \~} and 16 hex characters of its SHA-256,
     * a sequence {@link #join} never produces, so shortened labels stay distinct and are recognisable.
     */
    public static String bounded(String label, int maxLength) {
        if (label.length() <= maxLength) {
            return label;
        }
        String suffix = "\\~" + KeyHashes.sha256Hex16(label);
        int keep = maxLength - suffix.length();
        if (keep > 0 && Character.isHighSurrogate(label.charAt(keep - 1))) {
            keep--; // never split a surrogate pair
        }
        return label.substring(0, Math.max(keep, 0)) + suffix;
    }

    /** Whether the component needs no escape (a null one is reported by the general path). */
    private static boolean plain(String component) {
        return component != null && component.indexOf(SEPARATOR) < 0 && component.indexOf(ESCAPE) < 0;
    }

    private static void appendEscaped(StringBuilder label, String component) {
        if (plain(component)) {
            label.append(component); // the common case: nothing to escape, one bulk copy
            return;
        }
        for (int i = 0; i < component.length(); i++) {
            char c = component.charAt(i);
            if (c == SEPARATOR || c == ESCAPE) {
                label.append(ESCAPE);
            }
            label.append(c);
        }
    }

    private static int estimateLength(List<String> components) {
        int length = components.size();
        for (String component : components) {
            length += component == null ? 0 : component.length();
        }
        return length + 4;
    }
}
