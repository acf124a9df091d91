package io.ringmap.streams.service;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The current line's key {column: value}, kept in two reused arrays in the order the columns came: unlike a
 * {@code LinkedHashMap} cleared line after line, it allocates nothing per column. A name given twice keeps its first
 * place and its last value, as a {@code LinkedHashMap} does.
 */
final class LineKey extends AbstractMap<String, String> {

    private String[] names = new String[4];
    private String[] values = new String[4];
    private int size;

    @Override
    public int size() {
        return size;
    }

    @Override
    public void clear() {
        Arrays.fill(values, 0, size, null);
        size = 0;
    }

    private int indexOf(Object name) {
        for (int i = 0; i < size; i++) {
            if (names[i].equals(name)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public boolean containsKey(Object name) {
        return indexOf(name) >= 0;
    }

    @Override
    public String get(Object name) {
        int i = indexOf(name);
        return i < 0 ? null : values[i];
    }

    @Override
    public String put(String name, String value) {
        int i = indexOf(name);
        if (i >= 0) {
            String old = values[i];
            values[i] = value;
            return old;
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
    public Set<Entry<String, String>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public int size() {
                return size;
            }

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
        };
    }
}
