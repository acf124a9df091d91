package io.ringmap.streams.service;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Cuts a body into lines in one reused buffer, without a copy per line: each line is a slice of {@link #buffer()}
 * valid until the next call. A line ends at {@code \n} (a {@code \r} before it is dropped); the last one may end at the
 * end of the body. A line longer than the limit is skipped to its end and reported as {@link #tooLong()}, so one line
 * never needs more than {@code maxLineSize} bytes of memory.
 */
final class LineReader {

    /** The buffer read as little-endian words: its first byte is a word's lowest. */
    private static final VarHandle WORDS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private static final long NEWLINES = 0x0A0A0A0A0A0A0A0AL;

    private static final int READ_SIZE = 64 * 1024;

    private final InputStream in;
    private final int maxLineSize;
    private byte[] buf = new byte[READ_SIZE];
    private int pos;
    private int limit;
    private boolean eof;
    private long number;
    private int start;
    private int length;
    private boolean tooLong;
    /**
     * The first newline at or after {@link #pos}, as {@link #ready} found it (asked after every line): {@link #next}
     * takes it instead of searching again. Stale once below {@code pos}; forgotten when the buffer moves.
     */
    private int found = -1;

    LineReader(InputStream in, int maxLineSize) {
        this.in = in;
        this.maxLineSize = maxLineSize;
    }

    /** Moves to the next line; false at the end of the body. */
    boolean next() throws IOException {
        tooLong = false;
        while (true) {
            int nl = found >= pos ? found : indexOfNewline(pos, limit);
            if (nl >= 0) {
                number++;
                if (nl - pos > maxLineSize) {
                    tooLong = true;
                }
                slice(pos, nl);
                pos = nl + 1;
                return true;
            }
            if (limit - pos > maxLineSize) {
                // the line is over the limit already: drop what was read of it and skip to its end
                number++;
                tooLong = true;
                skipToNewline();
                start = 0;
                length = 0;
                return true;
            }
            if (eof) {
                if (pos == limit) {
                    return false;
                }
                number++;
                slice(pos, limit);
                pos = limit;
                return true;
            }
            fill();
        }
    }

    private void slice(int from, int to) {
        start = from;
        length = to > from && buf[to - 1] == '\r' ? to - from - 1 : to - from;
    }

    private int indexOfNewline(int from, int to) {
        int i = from;
        // eight bytes at a time: a byte equal to '\n' is a zero byte of the word XOR eight '\n's, and the lowest
        // zero byte is the lowest set bit of (x - 0x01..) & ~x & 0x80.. (borrows only run up from a zero byte)
        for (; i <= to - Long.BYTES; i += Long.BYTES) {
            long x = (long) WORDS.get(buf, i) ^ NEWLINES;
            long zero = (x - 0x0101010101010101L) & ~x & 0x8080808080808080L;
            if (zero != 0) {
                return i + (Long.numberOfTrailingZeros(zero) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (buf[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** Reads more of the body after the unread bytes, moved to the buffer's start (grown up to one line's limit). */
    private void fill() throws IOException {
        found = -1;
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, limit - pos);
            limit -= pos;
            pos = 0;
        }
        if (limit == buf.length) {
            buf = Arrays.copyOf(buf, Math.min(buf.length * 2, maxLineSize + 2));
        }
        int n = in.read(buf, limit, buf.length - limit);
        if (n < 0) {
            eof = true;
        } else {
            limit += n;
        }
    }

    private void skipToNewline() throws IOException {
        while (true) {
            int nl = indexOfNewline(pos, limit);
            if (nl >= 0) {
                pos = nl + 1;
                return;
            }
            pos = limit;
            if (eof) {
                return;
            }
            fill();
        }
    }

    /** Whether a whole line or more of the body is at hand, or can be read without waiting for the client. */
    boolean ready() throws IOException {
        if (found >= pos) {
            return true;
        }
        int nl = indexOfNewline(pos, limit);
        if (nl >= 0) {
            found = nl;
            return true;
        }
        return eof || in.available() > 0;
    }

    /** The 1-based number of the current line in the body. */
    long number() {
        return number;
    }

    /** The current line is longer than the limit; its bytes are not kept. */
    boolean tooLong() {
        return tooLong;
    }

    int maxLineSize() {
        return maxLineSize;
    }

    byte[] buffer() {
        return buf;
    }

    int start() {
        return start;
    }

    int length() {
        return length;
    }

    /** Whether the current line holds only spaces and tabs. */
    boolean blank() {
        for (int i = start; i < start + length; i++) {
            if (buf[i] != ' ' && buf[i] != '\t') {
                return false;
            }
        }
        return true;
    }
}
