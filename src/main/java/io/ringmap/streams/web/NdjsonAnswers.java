package io.ringmap.streams.web;

import io.ringmap.problem.Problem;
import io.ringmap.problem.web.ProblemRenderer;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.routing.KeyRoute;
import io.ringmap.routing.KeyRouter;
import io.ringmap.routing.web.BatchResponses;
import io.ringmap.schema.KeyColumn;
import io.ringmap.streams.service.StreamAnswers;
import io.ringmap.streams.service.StreamRequest;
import io.ringmap.token.LongToken;
import io.ringmap.token.Token;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * A stream's answers as newline-delimited JSON, each line's bytes put straight into one reused buffer (no object
 * per key): {@code {"line":1,"key":{...},"token":"..."}} for {@code /token}; with
 * {@code "replicas":["127.0.0.3",...]} for {@code /replicas}; in compact form
 * {@code {"line":1,"token":"...","replicaSet":0}}, with the set's {@code "replicas"} on its first use only; a bad line
 * {@code {"line":3,"problem":{...}}}. The bytes are Jackson's for the same values: names and addresses are encoded
 * once per stream, and a string value is copied as it is when it is plain ASCII, else encoded by Jackson
 * ({@link JsonStrings}).
 */
final class NdjsonAnswers implements StreamAnswers {

    private static final byte[] LINE = ascii("{\"line\":");
    private static final byte[] KEY = ascii(",\"key\":{");
    private static final byte[] TOKEN = ascii(",\"token\":");
    private static final byte[] REPLICA_SET = ascii(",\"replicaSet\":");
    private static final byte[] REPLICAS = ascii(",\"replicas\":[");
    private static final byte[] PROBLEM = ascii(",\"problem\":");
    private static final byte[] END = ascii("}\n");

    /**
     * What is put before the output stream is written: the response's own buffer size, so that a full buffer goes to
     * the socket as it is instead of being copied into the response's.
     */
    static final int BUFFER = BatchResponses.BUFFER_SIZE;

    private final OutputStream out;
    private final StreamRequest request;
    private final String path;
    private final byte[] buffer = new byte[BUFFER];
    /** A number's digits, written from the end: {@code Long.MIN_VALUE} has 19 and its sign. */
    private final byte[] digits = new byte[20];

    private int position;
    private final JsonStrings strings = new JsonStrings();
    /** Each key column's name as JSON, with its colon: {@code "sensor_id":}. */
    private byte[][] keyNames;

    private StreamReplicas replicas;

    NdjsonAnswers(OutputStream out, StreamRequest request, String path) {
        this.out = out;
        this.request = request;
        this.path = path;
    }

    @Override
    public void start(KeyRouter router) {
        replicas = request.replicas() ? new StreamReplicas(router, request.dc()) : null;
        List<KeyColumn> key = router.table().partitionKey();
        keyNames = new byte[key.size()][];
        for (int i = 0; i < keyNames.length; i++) {
            byte[] name = strings.json(key.get(i).name());
            keyNames[i] = Arrays.copyOf(name, name.length + 1);
            keyNames[i][name.length] = ':';
        }
    }

    @Override
    public void answer(long line, KeyRoute route) throws IOException {
        put(LINE);
        putLong(line);
        if (!request.compact()) {
            put(KEY);
            List<String> components = route.key().canonicalComponents();
            for (int i = 0; i < components.size(); i++) {
                if (i > 0) {
                    put((byte) ',');
                }
                put(keyNames[i]);
                putString(components.get(i));
            }
            put((byte) '}');
        }
        put(TOKEN);
        putToken(route.token());
        if (replicas != null) {
            ReplicaSet set = route.replicas().replicas();
            int index = request.compact() ? replicas.indexOf(set) : -1;
            if (request.compact()) {
                put(REPLICA_SET);
                putLong(index < 0 ? -1 - index : index);
            }
            if (index < 0) {
                put(REPLICAS);
                boolean first = true;
                for (int p = 0; p < set.size(); p++) {
                    byte[] address = replicas.addressJson(set, p);
                    if (address != null) {
                        if (!first) {
                            put((byte) ',');
                        }
                        put(address);
                        first = false;
                    }
                }
                put((byte) ']');
            }
        }
        put(END);
    }

    @Override
    public void problem(long line, Problem problem) throws IOException {
        put(LINE);
        putLong(line);
        put(PROBLEM);
        put(ProblemRenderer.json(problem, path));
        put(END);
    }

    @Override
    public void flush() throws IOException {
        drain();
        out.flush();
    }

    /** Hands what is left to the response, unflushed: its headers can still change until the controller ends it. */
    @Override
    public void end() throws IOException {
        drain();
    }

    private void putToken(Token token) throws IOException {
        if (token instanceof LongToken t) {
            put((byte) '"');
            putLong(t.value());
            put((byte) '"');
        } else {
            putString(token.toString());
        }
    }

    /** {@code s} as a JSON string: copied when plain ASCII that JSON does not escape, else encoded by Jackson. */
    private void putString(String s) throws IOException {
        int n = s.length();
        if (n + 2 > buffer.length - position) {
            drain();
        }
        if (n + 2 <= buffer.length) {
            int start = position;
            buffer[position++] = '"';
            int i = 0;
            for (; i < n; i++) {
                char c = s.charAt(i);
                if (!JsonStrings.plain(c)) {
                    break;
                }
                buffer[position++] = (byte) c;
            }
            if (i == n) {
                buffer[position++] = '"';
                return;
            }
            position = start; // not plain: Jackson encodes it
        }
        put(strings.json(s));
    }

    /** The decimal digits of {@code v}, as {@link Long#toString(long)} gives them: two digits a division. */
    private void putLong(long v) throws IOException {
        int i = digits.length;
        // digits of the negative value: -Long.MIN_VALUE does not exist
        long q = v < 0 ? v : -v;
        while (q <= -100) {
            long next = q / 100;
            int pair = (int) (next * 100 - q);
            digits[--i] = (byte) ('0' + pair % 10);
            digits[--i] = (byte) ('0' + pair / 10);
            q = next;
        }
        int last = (int) -q;
        digits[--i] = (byte) ('0' + last % 10);
        if (last >= 10) {
            digits[--i] = (byte) ('0' + last / 10);
        }
        if (v < 0) {
            digits[--i] = '-';
        }
        int n = digits.length - i;
        if (buffer.length - position < n) {
            drain();
        }
        System.arraycopy(digits, i, buffer, position, n);
        position += n;
    }

    private void put(byte b) throws IOException {
        if (position == buffer.length) {
            drain();
        }
        buffer[position++] = b;
    }

    private void put(byte[] bytes) throws IOException {
        if (bytes.length > buffer.length - position) {
            drain();
            if (bytes.length > buffer.length) {
                out.write(bytes);
                return;
            }
        }
        System.arraycopy(bytes, 0, buffer, position, bytes.length);
        position += bytes.length;
    }

    /** Writes the buffer to the response (without flushing it). */
    private void drain() throws IOException {
        if (position > 0) {
            out.write(buffer, 0, position);
            position = 0;
        }
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
