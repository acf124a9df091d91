package io.ringmap.web.errors;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Writes raw bytes to an HTTP port and reads one response: what no URL encoder or HTTP client would send, to see what
 * the web server itself answers (MockMvc never reaches Tomcat).
 */
public final class RawHttp {

    private RawHttp() {}

    /** One parsed HTTP/1.1 response; {@code status} is -1 when the server closed without answering. */
    public record Response(int status, Map<String, String> headers, String body) {

        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        public String contentType() {
            String v = header("content-type");
            return v == null ? "" : v;
        }

        @Override
        public String toString() {
            return status + " " + headers + " " + (body.length() > 400 ? body.substring(0, 400) + "..." : body);
        }
    }

    /**
     * The text of one HTTP/1.1 request without a body: the request line as written, {@code Host}, {@code Connection:
     * close} and {@code headers} in their order, and the blank line.
     */
    public static String request(String method, String target, Map<String, String> headers) {
        StringBuilder b = new StringBuilder(method)
                .append(' ')
                .append(target)
                .append(" HTTP/1.1\r\n")
                .append("Host: localhost\r\nConnection: close\r\n");
        headers.forEach(
                (name, value) -> b.append(name).append(": ").append(value).append("\r\n"));
        return b.append("\r\n").toString();
    }

    public static Response send(int port, String request) {
        return send(port, request.getBytes(StandardCharsets.ISO_8859_1), false);
    }

    /**
     * Sends the bytes as they are (one request, the connection closed afterwards) and reads the answer; a response
     * to HEAD has no body whatever its headers say.
     */
    public static Response send(int port, byte[] request, boolean head) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
            socket.setSoTimeout(60_000);
            OutputStream out = socket.getOutputStream();
            try {
                out.write(request);
                out.flush();
                // nothing more will come: a body shorter than its Content-Length ends here instead of in a timeout
                socket.shutdownOutput();
            } catch (SocketException e) {
                // the server may answer and close before reading everything (413, 431): read what it said
            }
            return read(socket.getInputStream(), head);
        } catch (SocketTimeoutException e) {
            throw new IllegalStateException("no answer within 60 s to " + preview(request), e);
        } catch (IOException e) {
            throw new IllegalStateException("raw request failed: " + preview(request), e);
        }
    }

    private static Response read(InputStream in, boolean toHead) throws IOException {
        Response r;
        do {
            r = readOne(in, toHead);
        } while (r.status() >= 100 && r.status() < 200); // interim answers (100 Continue) come before the real one
        return r;
    }

    private static Response readOne(InputStream in, boolean toHead) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        int b;
        try {
            while (matched < 4 && (b = in.read()) != -1) {
                head.write(b);
                matched = (b == (matched % 2 == 0 ? '\r' : '\n')) ? matched + 1 : (b == '\r' ? 1 : 0);
            }
        } catch (SocketException e) {
            // connection reset after (or instead of) an answer
        }
        String text = head.toString(StandardCharsets.ISO_8859_1);
        if (text.isEmpty() || !text.startsWith("HTTP/")) {
            return new Response(-1, Map.of(), text);
        }
        String[] lines = text.split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                headers.put(
                        lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                        lines[i].substring(colon + 1).trim());
            }
        }
        byte[] body = toHead || status < 200 || status == 204 || status == 304 ? new byte[0] : readBody(in, headers);
        return new Response(status, headers, new String(body, StandardCharsets.UTF_8));
    }

    private static byte[] readBody(InputStream in, Map<String, String> headers) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        try {
            String length = headers.get("content-length");
            if (length != null) {
                byte[] b = in.readNBytes(Integer.parseInt(length));
                body.write(b);
            } else if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
                while (true) {
                    String size = line(in);
                    int n = Integer.parseInt(size.split(";")[0].trim(), 16);
                    if (n == 0) {
                        break;
                    }
                    body.write(in.readNBytes(n));
                    line(in);
                }
            } else {
                body.write(in.readAllBytes());
            }
        } catch (SocketException e) {
            // reset after the body
        }
        return body.toByteArray();
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder sb = new StringBuilder();
        int b;
        while ((b = in.read()) != -1 && b != '\n') {
            if (b != '\r') {
                sb.append((char) b);
            }
        }
        return sb.toString();
    }

    static String preview(byte[] request) {
        String s = new String(request, 0, Math.min(request.length, 200), StandardCharsets.ISO_8859_1);
        return s.replace("\r", "\\r").replace("\n", "\\n")
                + (request.length > 200 ? "...(" + request.length + " bytes)" : "");
    }
}
