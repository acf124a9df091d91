package io.ringmap.schema;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * A partition key as given, {column: value} (a batch's JSON key, a stream's line): an insertion-ordered map for a
 * handful of entries, looked up by a linear scan, a repeated name keeping its first place and its last value as in a
 * {@code LinkedHashMap}. {@link #clear()} keeps its arrays, so one map can hold key after key (a stream's lines)
 * without allocating per column.
 */
public final class KeyMap extends AbstractMap<String, String> {

    private String[] names = new String[4];
    private String[] values = new String[4];
    private int size;

    @Override
    public String put(String name, String value) {
        for (int i = 0; i < size; i++) {
            if (names[i].equals(name)) {
                String old = values[i];
                values[i] = value;
                return old;
            }
        }
        if (size == names.length) {
            names = Arrays.copyOf(names, size * 2);
            values = Arrays.copyOf(values, size * 2);
        }
        names[size] = name;
        values[size++] = value;
        return null;
    }

    @Override
    public String get(Object name) {
        for (int i = 0; i < size; i++) {
            if (names[i].equals(name)) {
                return values[i];
            }
        }
        return null;
    }

    @Override
    public boolean containsKey(Object name) {
        for (int i = 0; i < size; i++) {
            if (names[i].equals(name)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public void clear() {
        Arrays.fill(values, 0, size, null);
        size = 0;
    }

    @Override
    public Set<Entry<String, String>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<String, String>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < size;
                    }

                    @Override
                    public Entry<String, String> next() {
                        if (next >= size) {
                            throw new NoSuchElementException();
                        }
                        int i = next++;
                        return new SimpleImmutableEntry<>(names[i], values[i]);
                    }
                };
            }

            @Override
            public int size() {
                return size;
            }
        };
    }
}
