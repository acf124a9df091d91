package io.ringmap.streams.web;

import io.ringmap.problem.Problem;
import io.ringmap.problem.web.ProblemRenderer;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.routing.KeyRoute;
import io.ringmap.routing.KeyRouter;
import io.ringmap.routing.web.JsonText;
import io.ringmap.streams.service.StreamAnswers;
import io.ringmap.streams.service.StreamRequest;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import tools.jackson.core.JsonEncoding;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.io.SerializedString;
import tools.jackson.core.json.JsonFactory;

/**
 * A stream's answers as newline-delimited JSON, written with Jackson's streaming generator (no object per key):
 * {@code {"line":1,"key":{...},"token":"..."}} for {@code /token}; with {@code "replicas":["127.0.0.3",...]} for
 * {@code /replicas}; in compact form {@code {"line":1,"token":"...","replicaSet":0}}, with the set's
 * {@code "replicas"} on its first use only; a bad line {@code {"line":3,"problem":{...}}}.
 */
final class NdjsonAnswers implements StreamAnswers {

    private static final JsonFactory JSON =
            JsonFactory.builder().rootValueSeparator((String) null).build();
    private static final SerializedString LINE = new SerializedString("line");
    private static final SerializedString KEY = new SerializedString("key");
    private static final SerializedString TOKEN = new SerializedString("token");
    private static final SerializedString REPLICAS = new SerializedString("replicas");
    private static final SerializedString REPLICA_SET = new SerializedString("replicaSet");
    private static final SerializedString PROBLEM = new SerializedString("problem");

    private final JsonGenerator gen;
    private final StreamRequest request;
    private final String path;
    private final JsonText text = new JsonText();
    private StreamReplicas replicas;

    NdjsonAnswers(OutputStream out, StreamRequest request, String path) {
        this.gen = JSON.createGenerator(ObjectWriteContext.empty(), out, JsonEncoding.UTF8);
        this.request = request;
        this.path = path;
    }

    @Override
    public void start(KeyRouter router) {
        replicas = request.replicas() ? new StreamReplicas(router, request.dc()) : null;
    }

    @Override
    public void answer(long line, KeyRoute route) {
        gen.writeStartObject();
        gen.writeName(LINE);
        gen.writeNumber(line);
        if (!request.compact()) {
            gen.writeName(KEY);
            JsonText.writeKey(gen, route.table(), route.key());
        }
        gen.writeName(TOKEN);
        text.writeToken(gen, route.token());
        if (replicas != null) {
            ReplicaSet set = route.replicas().replicas();
            int index = request.compact() ? replicas.indexOf(set) : -1;
            if (request.compact()) {
                gen.writeName(REPLICA_SET);
                gen.writeNumber(index < 0 ? -1 - index : index);
            }
            if (index < 0) {
                gen.writeName(REPLICAS);
                gen.writeStartArray();
                for (int p = 0; p < set.size(); p++) {
                    SerializedString address = replicas.address(set, p);
                    if (address != null) {
                        gen.writeString(address);
                    }
                }
                gen.writeEndArray();
            }
        }
        gen.writeEndObject();
        gen.writeRaw('\n');
    }

    @Override
    public void problem(long line, Problem problem) {
        gen.writeStartObject();
        gen.writeName(LINE);
        gen.writeNumber(line);
        gen.writeName(PROBLEM);
        gen.writeRawValue(new String(ProblemRenderer.json(problem, path), StandardCharsets.UTF_8));
        gen.writeEndObject();
        gen.writeRaw('\n');
    }

    @Override
    public void flush() {
        gen.flush();
    }

    @Override
    public void end() {
        gen.close();
    }
}
