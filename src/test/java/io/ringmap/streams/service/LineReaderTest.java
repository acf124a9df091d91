package io.ringmap.streams.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Lines are cut at every {@code \n} and nowhere else, whatever the line's length and its place in the buffer (the
 * newline is searched eight bytes at a time): lines of every length from 0 to 70 of bytes that differ from a newline
 * by one bit or are not ASCII, read in one piece and in reads of 1 to 13 bytes, with and without asking whether a
 * line is ready before each (the answer remembers the newline found).
 */
class LineReaderTest {

    @Test
    void cutsAtEveryNewlineAndNowhereElse() throws IOException {
        SplittableRandom random = new SplittableRandom(39);
        byte[] alphabet = {'\u000b', '\u0008', '\u000e', 0x1a, 0x2a, (byte) 0x8a, (byte) 0xca, (byte) 0xff, 'a', 'r'};
        List<byte[]> lines = new ArrayList<>();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (int round = 0; round < 3; round++) {
            for (int length = 0; length <= 70; length++) {
                byte[] line = new byte[length];
                for (int i = 0; i < length; i++) {
                    line[i] = alphabet[random.nextInt(alphabet.length)];
                }
                lines.add(line);
                body.writeBytes(line);
                body.write('\n');
            }
        }
        for (int read : new int[] {0, 1, 7, 8, 9, 13}) {
            for (int asks = 0; asks <= 2; asks++) {
                assertThat(read(body.toByteArray(), read, asks))
                        .as("reads of %d bytes, ready() asked %d times before each line", read, asks)
                        .containsExactlyElementsOf(lines);
            }
        }
    }

    /**
     * The lines of {@code body} as the reader cuts them, read {@code chunk} bytes at a time (0: all at once), asking
     * {@link LineReader#ready()} {@code asks} times before each line (as a stream does after every line: it
     * remembers the newline it found for the next line).
     */
    private static List<byte[]> read(byte[] body, int chunk, int asks) throws IOException {
        InputStream in = new ByteArrayInputStream(body);
        if (chunk > 0) {
            in = new FilterInputStream(in) {
                @Override
                public int read(byte[] b, int off, int len) throws IOException {
                    return super.read(b, off, Math.min(len, chunk));
                }
            };
        }
        LineReader reader = new LineReader(in, 1024);
        List<byte[]> out = new ArrayList<>();
        while (ready(reader, asks) && reader.next()) {
            out.add(Arrays.copyOfRange(reader.buffer(), reader.start(), reader.start() + reader.length()));
        }
        return out;
    }

    private static boolean ready(LineReader reader, int asks) throws IOException {
        for (int i = 0; i < asks; i++) {
            reader.ready();
        }
        return true;
    }
}
