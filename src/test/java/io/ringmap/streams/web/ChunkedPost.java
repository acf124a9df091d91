package io.ringmap.streams.web;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A POST whose chunked body is written while its answer is read, over one socket: what a streaming client does and
 * what a request-then-response HTTP client cannot show (the answer to the first lines before the body has ended; a
 * client going away mid-stream).
 */
final class ChunkedPost implements AutoCloseable {

    private final Socket socket = new Socket();
    private final OutputStream out;
    private final InputStream in;
    private final Map<String, String> headers = new LinkedHashMap<>();
    private int status;
    private byte[] chunk = new byte[0];
    private int chunkPos;
    private boolean ended;

    ChunkedPost(int port, String target, String contentType) throws IOException {
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
        socket.setSoTimeout(30_000);
        out = socket.getOutputStream();
        in = socket.getInputStream();
        out.write(("POST " + target + " HTTP/1.1\r\nHost: ringmap\r\nContent-Type: " + contentType
                        + "\r\nTransfer-Encoding: chunked\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** Sends {@code text} as one chunk of the body. */
    void send(String text) throws IOException {
        byte[] data = text.getBytes(StandardCharsets.UTF_8);
        out.write((Integer.toHexString(data.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        out.write(data);
        out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** Ends the body. */
    void end() throws IOException {
        out.write("0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** The answer's status, reading its head first if not yet read. */
    int status() throws IOException {
        if (status == 0) {
            String statusLine = line();
            status = Integer.parseInt(statusLine.split(" ")[1]);
            for (String h = line(); !h.isEmpty(); h = line()) {
                int colon = h.indexOf(':');
                headers.put(
                        h.substring(0, colon).strip().toLowerCase(Locale.ROOT),
                        h.substring(colon + 1).strip());
            }
        }
        return status;
    }

    String header(String name) throws IOException {
        status();
        return headers.get(name.toLowerCase(Locale.ROOT));
    }

    /** The next line of the (chunked) answer body, without its line end; null at its end. */
    String answerLine() throws IOException {
        status();
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        while (true) {
            if (chunkPos == chunk.length) {
                if (ended || !nextChunk()) {
                    return line.size() == 0 ? null : line.toString(StandardCharsets.UTF_8);
                }
                continue;
            }
            byte b = chunk[chunkPos++];
            if (b == '\n') {
                String s = line.toString(StandardCharsets.UTF_8);
                return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
            }
            line.write(b);
        }
    }

    /** The answer's body when the connection's close delimits it (no chunks: an answer that says Connection: close). */
    String bodyUntilClosed() throws IOException {
        status();
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }

    private boolean nextChunk() throws IOException {
        int size = Integer.parseInt(line().split(";")[0].strip(), 16);
        if (size == 0) {
            line(); // the empty line after the last chunk
            ended = true;
            return false;
        }
        chunk = in.readNBytes(size);
        chunkPos = 0;
        line(); // the CRLF after the chunk
        return true;
    }

    private String line() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new IOException("the connection closed mid-line");
            }
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.US_ASCII);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
