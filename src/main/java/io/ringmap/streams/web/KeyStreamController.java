package io.ringmap.streams.web;

import io.ringmap.config.StreamFormat;
import io.ringmap.hits.web.HitCounting;
import io.ringmap.problem.ProblemKind;
import io.ringmap.routing.web.BatchResponses;
import io.ringmap.streams.service.KeyLines;
import io.ringmap.streams.service.KeyStreams;
import io.ringmap.streams.service.StreamAnswers;
import io.ringmap.streams.service.StreamRequest;
import io.ringmap.web.ProblemAnswer;
import io.ringmap.web.SampleProblems;
import io.ringmap.web.TableParameters;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.ExampleObject;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.zip.GZIPInputStream;
import org.springdoc.core.annotations.ParameterObject;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /token/stream} and {@code POST /replicas/stream}: batches of any length, one key a line (NDJSON or CSV),
 * answered line by line in the same order (see {@link KeyStreams}). Their own paths, not other content types of
 * {@code POST /token} and {@code POST /replicas}: an OpenAPI document has one operation per path and method, and a
 * generated client one body type per operation.
 */
@RestController
public class KeyStreamController {

    static final String NDJSON = "application/x-ndjson";
    static final String CSV = "text/csv";
    static final String KEYS_EXAMPLE = "{\"sensor_id\": \"sensor-17\", \"day\": \"2026-10-01\"}\n"
            + "{\"sensor_id\": \"sensor-18\", \"day\": \"2026-10-01\"}\n";
    static final String CSV_EXAMPLE = "sensor_id,day\nsensor-17,2026-10-01\nsensor-18,2026-10-01\n";

    private final KeyStreams streams;
    private final HitCounting hitCounting;

    /** @param hitCounting whose lookups count as hits; every caller's when there is none (no caller identity) */
    public KeyStreamController(KeyStreams streams, ObjectProvider<HitCounting> hitCounting) {
        this.streams = streams;
        this.hitCounting = hitCounting.getIfAvailable(HitCounting::everyCaller);
    }

    // the body is a string in the document (generated clients send a string as it is; a binary body they would
    // serialize as JSON), the answer binary (generated clients save it to a file as it arrives)
    @StreamProblems
    @PostMapping(
            path = "/token/stream",
            consumes = {NDJSON, CSV},
            produces = {NDJSON, CSV})
    @Tag(name = "token")
    @Operation(
            summary = "Tokens of a stream of keys of one table, one key a line",
            description = StreamDocs.BODY + " Each answer line gives the line number, the key in canonical text and "
                    + "its token. " + StreamDocs.PROBLEMS,
            requestBody =
                    @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            required = true,
                            content = {
                                @Content(
                                        mediaType = NDJSON,
                                        schema = @Schema(type = "string"),
                                        examples = @ExampleObject(name = "keys", value = KEYS_EXAMPLE)),
                                @Content(
                                        mediaType = CSV,
                                        schema = @Schema(type = "string"),
                                        examples = @ExampleObject(name = "keys", value = CSV_EXAMPLE))
                            }),
            responses =
                    @ApiResponse(
                            responseCode = "200",
                            description = "One line per key line, in order",
                            content = {
                                @Content(mediaType = NDJSON, schema = @Schema(type = "string", format = "binary")),
                                @Content(mediaType = CSV, schema = @Schema(type = "string", format = "binary"))
                            }))
    public void tokenStream(
            @ParameterObject TableParameters table,
            @ParameterObject TokenStreamParameters parameters,
            HttpServletRequest request,
            HttpServletResponse response)
            throws IOException {
        stream(
                new StreamRequest(
                        table.keyspace(), table.table(), false, null, false, parameters.stopOnError(), format(request)),
                request,
                response);
    }

    @ProblemAnswer(kind = ProblemKind.UNPLACEABLE_KEYSPACE, detail = SampleProblems.UNPLACEABLE_KEYSPACE)
    @StreamProblems
    @PostMapping(
            path = "/replicas/stream",
            consumes = {NDJSON, CSV},
            produces = {NDJSON, CSV})
    @Tag(name = "replicas")
    @Operation(
            summary = "Replicas of a stream of keys of one table, one key a line",
            description = StreamDocs.BODY + " Each answer line gives the line number, the key in canonical text, "
                    + "its token and its replicas' addresses in placement order (their details are in GET /ring); "
                    + "with compact=true the line number, the token and the index of its replica set, whose "
                    + "addresses come once, on the set's first use. " + StreamDocs.PROBLEMS,
            requestBody =
                    @io.swagger.v3.oas.annotations.parameters.RequestBody(
                            required = true,
                            content = {
                                @Content(
                                        mediaType = NDJSON,
                                        schema = @Schema(type = "string"),
                                        examples = @ExampleObject(name = "keys", value = KEYS_EXAMPLE)),
                                @Content(
                                        mediaType = CSV,
                                        schema = @Schema(type = "string"),
                                        examples = @ExampleObject(name = "keys", value = CSV_EXAMPLE))
                            }),
            responses =
                    @ApiResponse(
                            responseCode = "200",
                            description = "One line per key line, in order",
                            content = {
                                @Content(mediaType = NDJSON, schema = @Schema(type = "string", format = "binary")),
                                @Content(mediaType = CSV, schema = @Schema(type = "string", format = "binary"))
                            }))
    public void replicaStream(
            @ParameterObject TableParameters table,
            @ParameterObject ReplicaStreamParameters parameters,
            HttpServletRequest request,
            HttpServletResponse response)
            throws IOException {
        stream(
                new StreamRequest(
                        table.keyspace(),
                        table.table(),
                        true,
                        parameters.dc(),
                        parameters.compact(),
                        parameters.stopOnError(),
                        format(request)),
                request,
                response);
    }

    private void stream(StreamRequest asked, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        InputStream raw = request.getInputStream();
        KeyLines lines = streams.lines(asked.input(), body(request, raw));
        StreamFormat output = AnswerFormats.of(request.getHeader("Accept"), asked.input());
        response.setContentType(output == StreamFormat.CSV ? CSV + ";charset=UTF-8" : NDJSON);
        BatchResponses.buffer(response);
        // the answers' end leaves the response open, so that its headers can still say how the connection ends
        OutputStream out = new KeptOpen(response.getOutputStream());
        StreamAnswers answers = output == StreamFormat.CSV
                ? new CsvAnswers(out, asked)
                : new NdjsonAnswers(out, asked, request.getRequestURI());
        streams.answer(asked, lines, answers, hitCounting.counts());
        // a stream that stopped early (stopOnError, a bound), or a gzip body whose reader stopped at its trailer,
        // leaves bytes unread, after which the server closes the connection: a short rest is read here so the
        // connection stays usable; a longer one is announced (Connection: close) while the headers are still unsent
        if (!streams.readRest(raw) && !response.isCommitted()) {
            response.setHeader("Connection", "close");
        }
        response.flushBuffer();
    }

    private static StreamFormat format(HttpServletRequest request) {
        return StreamFormat.of(request.getContentType()); // one of the consumed types: Spring MVC checked it
    }

    /** The body, un-gzipped when it says so. */
    private static InputStream body(HttpServletRequest request, InputStream raw) throws IOException {
        String encoding = request.getHeader("Content-Encoding");
        if (encoding == null || encoding.isBlank() || encoding.strip().equalsIgnoreCase("identity")) {
            return raw;
        }
        if (encoding.strip().equalsIgnoreCase("gzip")) {
            return new GZIPInputStream(raw, 64 * 1024);
        }
        throw new UnsupportedContentEncodingException(encoding);
    }
}
