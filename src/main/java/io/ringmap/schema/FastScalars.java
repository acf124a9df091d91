package io.ringmap.schema;

import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.DataTypes;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.LocalDate;

/**
 * The batch hot path for the most common partition key values in their plain form: text without surrogates, a
 * {@code yyyy-mm-dd} date, a short whole number as int or bigint. Each gives exactly the bytes and the canonical
 * text the driver's codecs give ({@link ScalarValues}, {@link CanonicalText}), without their parse, quoting and
 * {@code ByteBuffer} round trips; anything else (quoted forms, whitespace, day numbers, errors) is left to them,
 * so error answers are unchanged. {@code FastScalarsTest} compares both paths.
 */
final class FastScalars {

    private FastScalars() {}

    /**
     * The serialized value of {@code raw} if it is in a plain form of a common type, with its canonical text in
     * {@code canonical[index]}; null to take the general path.
     */
    static byte[] serialize(DataType type, String raw, String[] canonical, int index) {
        if (DataTypes.TEXT.equals(type)) {
            if (hasSurrogate(raw)) {
                return null; // an unpaired surrogate is replaced when encoding: the canonical text differs
            }
            canonical[index] = raw; // mirrors StringCodec: the value as is, UTF-8
            return raw.getBytes(StandardCharsets.UTF_8);
        }
        if (DataTypes.DATE.equals(type)) {
            return date(raw, canonical, index);
        }
        if (DataTypes.INT.equals(type)) {
            return wholeNumber(raw, 9, canonical, index, 4);
        }
        if (DataTypes.BIGINT.equals(type)) {
            return wholeNumber(raw, 18, canonical, index, 8);
        }
        return null;
    }

    private static boolean hasSurrogate(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.isSurrogate(s.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    /** {@code yyyy-mm-dd} exactly (DateCodec parses it with ISO_LOCAL_DATE and formats it back the same way). */
    private static byte[] date(String s, String[] canonical, int index) {
        if (s.length() != 10 || s.charAt(4) != '-' || s.charAt(7) != '-') {
            return null;
        }
        int year = digits(s, 0, 4);
        int month = digits(s, 5, 7);
        int day = digits(s, 8, 10);
        if (year < 0 || month < 0 || day < 0) {
            return null;
        }
        long days;
        try {
            days = LocalDate.of(year, month, day).toEpochDay();
        } catch (DateTimeException e) {
            return null; // e.g. 2026-02-30: the general path words the error
        }
        // mirrors DateCodec.encode: days since the epoch as an unsigned int with the epoch at 2^31
        int unsigned = (int) days - Integer.MIN_VALUE;
        canonical[index] = s;
        return new byte[] {(byte) (unsigned >>> 24), (byte) (unsigned >>> 16), (byte) (unsigned >>> 8), (byte) unsigned
        };
    }

    /** An optional '-' and 1 to {@code maxDigits} digits: cannot overflow the type. */
    private static byte[] wholeNumber(String s, int maxDigits, String[] canonical, int index, int width) {
        int start = !s.isEmpty() && s.charAt(0) == '-' ? 1 : 0;
        int n = s.length() - start;
        if (n < 1 || n > maxDigits) {
            return null;
        }
        long value = 0;
        for (int i = start; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return null;
            }
            value = value * 10 + (c - '0');
        }
        if (start == 1) {
            value = -value;
        }
        canonical[index] = Long.toString(value); // "01" is 1, "-0" is 0, as the codecs format them
        byte[] out = new byte[width];
        for (int i = width - 1; i >= 0; i--) {
            out[i] = (byte) value;
            value >>= 8;
        }
        return out;
    }

    /** The value of the decimal digits {@code s[from, to)}, or -1 if one is not a digit. */
    private static int digits(String s, int from, int to) {
        int v = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }
}
