package io.ringmap.streams.web;

import java.io.IOException;
import java.io.OutputStream;

/** The response's stream, whose {@code close} the answers' end does not reach (the controller ends it). */
final class KeptOpen extends OutputStream {

    private final OutputStream out;

    KeptOpen(OutputStream out) {
        this.out = out;
    }

    @Override
    public void write(int b) throws IOException {
        out.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() {
        // left open: see stream(...)
    }
}
