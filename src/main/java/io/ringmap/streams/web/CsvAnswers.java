package io.ringmap.streams.web;

import io.ringmap.problem.Problem;
import io.ringmap.ring.ReplicaSet;
import io.ringmap.routing.KeyRoute;
import io.ringmap.routing.KeyRouter;
import io.ringmap.schema.KeyColumn;
import io.ringmap.streams.service.StreamAnswers;
import io.ringmap.streams.service.StreamRequest;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A stream's answers as RFC 4180 CSV, a header line first: {@code line}, the key columns in canonical text (not in
 * compact form), {@code token}, for {@code /replicas} the replica addresses separated by spaces (in compact form
 * {@code replica_set} and the set's addresses on its first use only), then {@code problem_type},
 * {@code problem_title}, {@code problem_detail}, empty but on a bad line's row.
 */
final class CsvAnswers implements StreamAnswers {

    private final Writer out;
    private final StreamRequest request;
    private StreamReplicas replicas;
    private int keyColumns;

    CsvAnswers(OutputStream out, StreamRequest request) {
        this.out = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 16 * 1024);
        this.request = request;
    }

    @Override
    public void start(KeyRouter router) throws IOException {
        replicas = request.replicas() ? new StreamReplicas(router, request.dc()) : null;
        out.write("line");
        if (!request.compact()) {
            List<KeyColumn> key = router.table().partitionKey();
            keyColumns = key.size();
            for (KeyColumn column : key) {
                out.write(',');
                field(column.name());
            }
        }
        out.write(",token");
        if (replicas != null) {
            out.write(request.compact() ? ",replica_set,replicas" : ",replicas");
        }
        out.write(",problem_type,problem_title,problem_detail\r\n");
    }

    @Override
    public void answer(long line, KeyRoute route) throws IOException {
        out.write(Long.toString(line));
        List<String> key = route.key().canonicalComponents();
        for (int i = 0; i < keyColumns; i++) {
            out.write(',');
            field(key.get(i));
        }
        out.write(',');
        out.write(route.token().toString());
        if (replicas != null) {
            ReplicaSet set = route.replicas().replicas();
            int index = request.compact() ? replicas.indexOf(set) : -1;
            if (request.compact()) {
                out.write(',');
                out.write(Integer.toString(index < 0 ? -1 - index : index));
            }
            out.write(',');
            if (index < 0) {
                boolean first = true;
                for (int p = 0; p < set.size(); p++) {
                    String address = replicas.address(set, p);
                    if (address != null) {
                        if (!first) {
                            out.write(' ');
                        }
                        out.write(address);
                        first = false;
                    }
                }
            }
        }
        out.write(",,,\r\n");
    }

    @Override
    public void problem(long line, Problem problem) throws IOException {
        out.write(Long.toString(line));
        int empty = keyColumns + 1 + (replicas == null ? 0 : request.compact() ? 2 : 1);
        for (int i = 0; i < empty; i++) {
            out.write(',');
        }
        out.write(',');
        field(problem.kind().type().toString());
        out.write(',');
        field(problem.kind().title());
        out.write(',');
        field(problem.detail());
        out.write("\r\n");
    }

    /** Writes a field, quoted when it holds a comma, a quote or a line break (RFC 4180). */
    private void field(String value) throws IOException {
        if (value == null) {
            return;
        }
        boolean quote = false;
        for (int i = 0; i < value.length() && !quote; i++) {
            char c = value.charAt(i);
            quote = c == ',' || c == '"' || c == '\n' || c == '\r';
        }
        if (!quote) {
            out.write(value);
            return;
        }
        out.write('"');
        out.write(value.replace("\"", "\"\""));
        out.write('"');
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void end() throws IOException {
        out.close();
    }
}
