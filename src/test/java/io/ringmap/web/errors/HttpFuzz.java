package io.ringmap.web.errors;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;

/**
 * Generates requests to ringmap that no URL encoder, HTTP client or JSON library would write: broken percent-escapes,
 * invalid UTF-8, control characters, huge and repeated parameters, mangled request lines and headers, truncated,
 * mistyped, deeply nested and binary bodies, each as the raw bytes to put on a socket. Deterministic for a seed.
 */
final class HttpFuzz {

    /** One generated request: where it goes, its bytes, and what the answer may legitimately be. */
    record Case(
            String kind,
            boolean management,
            byte[] bytes,
            boolean head,
            boolean unsupportedVersion,
            boolean unterminated) {

        Case(String kind, boolean management, byte[] bytes, boolean head, boolean unsupportedVersion) {
            this(kind, management, bytes, head, unsupportedVersion, false);
        }

        String preview() {
            return RawHttp.preview(bytes);
        }

        /** A first line of method and target only (a raw LF in the target ends it early): HTTP/0.9 to Tomcat. */
        boolean http09() {
            String text = new String(bytes, StandardCharsets.ISO_8859_1).replaceFirst("^[\\r\\n]+", "");
            int end = text.indexOf('\n');
            String line =
                    (end < 0 ? text : text.substring(0, end)).replace("\r", "").trim();
            return line.split(" +").length == 2;
        }

        /** "OPTIONS *": Tomcat answers it without running any valve or servlet. */
        boolean serverWideOptions() {
            return new String(bytes, 0, Math.min(bytes.length, 16), StandardCharsets.ISO_8859_1)
                    .matches("(?s)[\\r\\n]*OPTIONS\\s+\\*.*");
        }
    }

    static final List<String> API_GET = List.of("/token", "/replicas", "/splits", "/ring", "/hotkeys");
    static final List<String> API_POST = List.of("/token", "/replicas", "/hits");
    static final List<String> OTHER_PATHS = List.of(
            "/",
            "/nope",
            "/token/",
            "/token/x",
            "/TOKEN",
            "/error",
            "/v3/api-docs",
            "/swagger-ui.html",
            "/actuator/health",
            "/ring;jsessionid=x",
            "/./ring",
            "/../ring",
            "/%2e%2e/ring",
            "/ring/..;/token",
            "//ring",
            "/replicas%2F",
            "/spl%69ts",
            "/favicon.ico");
    static final List<String> MANAGEMENT_PATHS = List.of(
            "/actuator/health",
            "/actuator/info",
            "/actuator/prometheus",
            "/livez",
            "/readyz",
            "/actuator/health/readiness",
            "/actuator/health/liveness",
            "/actuator/env",
            "/actuator",
            "/actuator/health/ring",
            "/nope",
            "/",
            "/error",
            "/actuator/loggers/root");
    private static final List<String> PARAMETERS = List.of(
            "keyspace",
            "table",
            "token",
            "dc",
            "n",
            "mode",
            "limit",
            "sensor_id",
            "day",
            "id",
            "k",
            "pk.sensor_id",
            "pk.table",
            "pk.keyspace",
            "pk.",
            "ts",
            "KEYSPACE",
            "Sensor_Id",
            "format",
            "trace",
            "message",
            "x");
    private static final List<String> GOOD_VALUES = List.of(
            "iot",
            "iot_multi_dc",
            "readings",
            "sensor-17",
            "2026-10-01",
            "1523456789012345678",
            "-9223372036854775808",
            "9223372036854775807",
            "0",
            "16",
            "1",
            "aligned",
            "even",
            "dc1",
            "dc2",
            "10",
            "true",
            "");
    private static final List<String> BROKEN_ESCAPES = List.of(
            "%",
            "%%",
            "%Z",
            "%ZZ",
            "%G0",
            "%0",
            "%ED%A0%80",
            "%ED%BF%BF",
            "%C0%80",
            "%C0%AF",
            "%FF",
            "%FE%FF",
            "%E2%82",
            "%F0%9F%98",
            "%F4%90%80%80",
            "%80",
            "%00",
            "%0D%0A",
            "%u0041",
            "%%41",
            "%25",
            "%2",
            "%2G",
            "+%",
            "%+",
            "%\u00e9");
    private static final List<String> METHODS = List.of(
            "GET",
            "GET",
            "GET",
            "POST",
            "HEAD",
            "OPTIONS",
            "PUT",
            "DELETE",
            "PATCH",
            "TRACE",
            "get",
            "Get",
            "FOO",
            "G\u00c9T",
            "",
            "GET GET",
            "G\tET",
            "GE\u0000T");
    private static final List<String> VERSIONS = List.of(
            "HTTP/1.1",
            "HTTP/1.1",
            "HTTP/1.1",
            "HTTP/1.0",
            "HTTP/2.0",
            "HTTP/1.2",
            "HTTP/0.9",
            "HTTP/3.0",
            "HTTP/9.9",
            "http/1.1",
            "HTTPS/1.1",
            "HTTP/1",
            "HTTP/1.1.1",
            "HTTP/11",
            "HTTP/",
            "",
            "HTTP/1.1 ",
            "HTTP/\u00b9.1",
            "HTTP/1.1\u0000");
    private static final List<String> CONTENT_TYPES = List.of(
            "application/json",
            "application/json",
            "application/json",
            "application/json;charset=UTF-8",
            "application/json; charset=latin1",
            "application/json; charset=nope",
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data",
            "multipart/form-data; boundary=x",
            "*/*",
            "application/*",
            "json",
            "",
            "application/json\u0000",
            "application/problem+json",
            "application/xml");

    private final Random random;

    HttpFuzz(Random random) {
        this.random = random;
    }

    // ---------------------------------------------------------------- query strings (well-formed HTTP otherwise)

    /** A request to an API or management endpoint with an adversarial query string. */
    Case query(boolean management) {
        String path = management
                ? pick(MANAGEMENT_PATHS)
                : chance(85) ? pick(API_GET) : chance(50) ? pick(API_POST) : pick(OTHER_PATHS);
        String method = chance(90) ? "GET" : pick(List.of("HEAD", "POST", "DELETE", "OPTIONS", "PUT", "PATCH"));
        String target = path + "?" + queryString();
        String request = method + " " + target + " HTTP/1.1\r\nHost: ringmap\r\n"
                + (method.equals("POST") || method.equals("PUT") || method.equals("PATCH")
                        ? "Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"
                        : "\r\n");
        return new Case(
                management ? "management query" : "query", management, latin1(request), method.equals("HEAD"), false);
    }

    private String queryString() {
        int n = random.nextInt(9);
        StringBuilder q = new StringBuilder();
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                q.append(chance(95) ? "&" : pick(List.of("&&", ";", "&=&", "")));
            }
            String name = chance(90) ? pick(PARAMETERS) : randomText(1 + random.nextInt(12));
            q.append(chance(85) ? encode(name) : mangle(name));
            if (chance(95)) {
                q.append(chance(97) ? "=" : "==");
                q.append(chance(70) ? encode(value()) : mangle(value()));
            }
            if (chance(5)) {
                q.append('&').append(encode(name)).append('=').append(encode(value())); // the same name twice
            }
        }
        if (chance(2)) {
            q.append("&a".repeat(500 + random.nextInt(700))); // around the 1000-parameter limit
        }
        return q.toString();
    }

    /** A parameter value: sometimes valid, often not, sometimes huge. */
    String value() {
        return switch (random.nextInt(8)) {
            case 0, 1 -> pick(GOOD_VALUES);
            case 2 -> randomText(random.nextInt(40));
            case 3 -> hugeNumber();
            case 4 -> chance(80) ? "x".repeat(random.nextInt(3000)) : "y".repeat(8000 + random.nextInt(4000));
            case 5 -> pick(GOOD_VALUES) + randomText(1 + random.nextInt(5));
            case 6 -> "(" + random.nextInt() + ", '" + randomText(4) + "')";
            default -> String.valueOf(random.nextLong()) + (chance(50) ? "" : "0".repeat(random.nextInt(30)));
        };
    }

    private String hugeNumber() {
        StringBuilder n = new StringBuilder(chance(50) ? "-" : "");
        n.append(1 + random.nextInt(9));
        n.append("9".repeat(random.nextInt(chance(80) ? 40 : 2000)));
        if (chance(30)) {
            n.append(pick(List.of("e999999999", "E-400", ".5", "e", "1e1e1", "NaN", "Infinity")));
        }
        return n.toString();
    }

    /** Percent-encodes the UTF-8 of {@code s} as a form encoder would (lone surrogates become '?'). */
    static String encode(String s) {
        StringBuilder out = new StringBuilder();
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || "-_.~".indexOf(c) >= 0) {
                out.append((char) c);
            } else if (c == ' ') {
                out.append('+');
            } else {
                out.append('%').append(String.format("%02X", c));
            }
        }
        return out.toString();
    }

    /** {@code s} encoded, then broken: raw bytes, broken escapes, control characters, separators. */
    private String mangle(String s) {
        StringBuilder out = new StringBuilder(encode(s));
        int edits = 1 + random.nextInt(3);
        for (int i = 0; i < edits; i++) {
            int at = out.length() == 0 ? 0 : random.nextInt(out.length() + 1);
            String piece = switch (random.nextInt(6)) {
                case 0, 1, 2 -> pick(BROKEN_ESCAPES);
                case 3 -> String.valueOf((char) random.nextInt(0x20)); // raw control character
                case 4 -> String.valueOf((char) (0x80 + random.nextInt(0x80))); // raw high byte
                default -> pick(List.of("|", "{", "}", "\\", "^", "`", "\"", "<", ">", " ", "#", "[", "]", "'"));
            };
            out.insert(at, piece);
        }
        return out.toString();
    }

    // ---------------------------------------------------------------- request lines and headers

    /** A request whose request line and headers are mangled, to either port. */
    Case requestLine(boolean management) {
        String method = chance(60) ? "GET" : pick(METHODS);
        String version = chance(60) ? "HTTP/1.1" : pick(VERSIONS);
        String target = target(management);
        String sp = chance(95) ? " " : pick(List.of("  ", "\t", "", " \u0000"));
        String eol = chance(90) ? "\r\n" : pick(List.of("\n", "\r", "\n\r", "\r\r\n"));
        StringBuilder request = new StringBuilder();
        if (chance(3)) {
            request.append(pick(List.of("\r\n", "\r\n\r\n", " ", "\u0016\u0003\u0001"))); // blank lines, a TLS hello
        }
        request.append(method)
                .append(sp)
                .append(target)
                .append(version.isEmpty() ? "" : sp + version)
                .append(eol);
        headers(request, eol);
        request.append(eol);
        String body = "";
        if (chance(20)) {
            body = "{\"keyspace\": \"iot\"}";
            if (chance(50)) {
                request.insert(request.length() - eol.length(), "Content-Length: " + body.length() + eol);
            }
        }
        boolean validSyntax =
                version.matches("HTTP/[0-9]\\.[0-9]") && !version.equals("HTTP/1.1") && !version.equals("HTTP/1.0");
        // lines ended by a bare CR never end for Tomcat: it waits for the rest until the connection closes
        return new Case(
                management ? "management request line" : "request line",
                management,
                latin1(request + body),
                method.equals("HEAD"),
                validSyntax,
                eol.equals("\r"));
    }

    private String target(boolean management) {
        return switch (random.nextInt(10)) {
            case 0 ->
                pick(List.of(
                        "*",
                        "http://ringmap/ring",
                        "ringmap:443",
                        "/",
                        "",
                        "ring",
                        "//",
                        "/?",
                        "/#x",
                        "http://[::1/ring",
                        "/ring?#",
                        "/\u00e9"));
            case 1 -> new String(randomBytes(1 + random.nextInt(40)), StandardCharsets.ISO_8859_1);
            case 2 -> "/" + "a".repeat(chance(50) ? 8200 + random.nextInt(2000) : random.nextInt(7000));
            case 3 -> (management ? pick(MANAGEMENT_PATHS) : pick(OTHER_PATHS)) + mangle("");
            default -> (management ? pick(MANAGEMENT_PATHS) : pick(API_GET)) + "?" + queryString();
        };
    }

    private void headers(StringBuilder request, String eol) {
        if (chance(93)) {
            request.append("Host: ")
                    .append(
                            chance(95)
                                    ? "ringmap"
                                    : pick(List.of(
                                            "", "a b", "[::1", "x:y:z", "\u00e9", "ringmap:99999", "ringmap\u0000")))
                    .append(eol);
        }
        if (chance(4)) {
            request.append("Host: other").append(eol);
        }
        int n = random.nextInt(chance(95) ? 6 : 130);
        for (int i = 0; i < n; i++) {
            String name = switch (random.nextInt(8)) {
                case 0 ->
                    pick(List.of(
                            "Content-Length",
                            "Transfer-Encoding",
                            "Expect",
                            "Connection",
                            "Content-Type",
                            "Accept",
                            "Accept-Charset",
                            "Cookie",
                            "Upgrade",
                            "Range",
                            "If-None-Match",
                            "Origin"));
                case 1 -> randomText(1 + random.nextInt(10));
                case 2 -> pick(List.of("Bad Header", "X:Y", "", " X-Lead", "X-Trail ", "X\u0000", "\u00e9t\u00e9"));
                default -> "X-F" + random.nextInt(1000);
            };
            String value = switch (random.nextInt(8)) {
                case 0 ->
                    pick(List.of(
                            "-1",
                            "abc",
                            "1, 2",
                            "99999999999999999999",
                            "chunked",
                            "gzip",
                            "chunked, gzip",
                            "100-continue",
                            "nope",
                            "close",
                            "keep-alive, Upgrade",
                            "h2c",
                            "bytes=0-1",
                            "application/json",
                            "*/*",
                            "text/html;q=0.5, */*;q=oops"));
                case 1 -> randomText(random.nextInt(30));
                case 2 -> new String(randomBytes(random.nextInt(20)), StandardCharsets.ISO_8859_1);
                case 3 -> "v" + eol + " folded"; // obsolete line folding
                case 4 -> "z".repeat(chance(70) ? random.nextInt(4000) : 8200 + random.nextInt(2000));
                default -> "v" + random.nextInt(100);
            };
            if (name.equalsIgnoreCase("Content-Length") && chance(40)) {
                value = "0";
            }
            request.append(name)
                    .append(chance(95) ? ": " : pick(List.of(":", " : ", "")))
                    .append(value)
                    .append(eol);
        }
    }

    // ---------------------------------------------------------------- bodies

    /** A request to a POST endpoint (or elsewhere) with an adversarial body, content type and framing. */
    Case body() {
        String path = chance(85) ? pick(API_POST) : pick(List.of("/ring", "/splits", "/token?keyspace=iot", "/nope"));
        String method = chance(90) ? "POST" : pick(List.of("PUT", "GET", "PATCH", "DELETE"));
        byte[] body = bodyBytes();
        String contentType = chance(85) ? "application/json" : pick(CONTENT_TYPES);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringBuilder head =
                new StringBuilder(method).append(' ').append(path).append(" HTTP/1.1\r\nHost: ringmap\r\n");
        if (!contentType.isEmpty()) {
            head.append("Content-Type: ").append(contentType).append("\r\n");
        }
        int framing = random.nextInt(10);
        if (framing < 7) {
            head.append("Content-Length: ").append(body.length).append("\r\n\r\n");
            out.writeBytes(latin1(head.toString()));
            out.writeBytes(body);
        } else if (framing < 9) {
            head.append("Transfer-Encoding: chunked\r\n\r\n");
            out.writeBytes(latin1(head.toString()));
            int at = 0;
            while (at < body.length) {
                int n = Math.min(body.length - at, 1 + random.nextInt(4096));
                out.writeBytes(latin1(Integer.toHexString(n) + "\r\n"));
                out.write(body, at, n);
                out.writeBytes(latin1("\r\n"));
                at += n;
            }
            if (chance(90)) {
                out.writeBytes(latin1("0\r\n\r\n"));
            }
        } else {
            // a Content-Length that does not match the bytes sent (the connection ends after them)
            int declared = Math.max(
                    0, body.length + (chance(50) ? 1 + random.nextInt(100) : -random.nextInt(body.length + 1)));
            head.append("Content-Length: ").append(declared).append("\r\n\r\n");
            out.writeBytes(latin1(head.toString()));
            out.writeBytes(body);
        }
        return new Case("body", false, out.toByteArray(), false, false);
    }

    private byte[] bodyBytes() {
        return switch (random.nextInt(12)) {
            case 0 -> randomBytes(random.nextInt(200));
            case 1 -> truncate(json());
            case 2 -> deepNesting();
            case 3 -> withInvalidUtf8(json());
            case 4 ->
                latin1(pick(List.of(
                        "",
                        " ",
                        "null",
                        "[]",
                        "{}",
                        "\"x\"",
                        "1",
                        "true",
                        "{\"keyspace\": null}",
                        "\ufeff{}",
                        "{\"keyspace\": \"iot\"}{}",
                        "{\"a\":1,\"a\":2}",
                        "{\"keyspace\": \"iot\", \"table\": " + "\"readings\", \"keys\": null}",
                        "\u0000",
                        "[1,2,3]",
                        "{\"keys\": {}}")));
            default -> json().getBytes(StandardCharsets.UTF_8);
        };
    }

    /** A request body shaped like ringmap's, with values of every kind, wrong types among them. */
    private String json() {
        StringBuilder j = new StringBuilder("{");
        j.append("\"keyspace\": ").append(jsonValue(chance(70) ? "iot" : null)).append(", ");
        j.append("\"table\": ").append(jsonValue(chance(70) ? pick(List.of("readings", "by_id")) : null));
        if (chance(90)) {
            j.append(", \"")
                    .append(pick(List.of("keys", "tokens", "hits", "Keys", "keys")))
                    .append("\": [");
            int n = chance(95) ? random.nextInt(6) : random.nextInt(12_000); // around the batch limit
            for (int i = 0; i < n; i++) {
                j.append(i == 0 ? "" : ", ")
                        .append(n > 100 ? "{\"sensor_id\": \"s" + i + "\", \"day\": \"2026-10-01\"}" : item());
            }
            j.append(']');
        }
        if (chance(20)) {
            j.append(", \"dc\": ").append(jsonValue(pick(List.of("dc1", "mars"))));
        }
        if (chance(10)) {
            j.append(", \"")
                    .append(randomText(5).replace("\"", ""))
                    .append("\": ")
                    .append(jsonValue(null));
        }
        return j.append('}').toString();
    }

    private String item() {
        return switch (random.nextInt(6)) {
            case 0 -> jsonValue(String.valueOf(random.nextLong()));
            case 1 ->
                "{\"key\": {\"sensor_id\": " + jsonValue(null) + ", \"day\": " + jsonValue("2026-10-01")
                        + "}, \"count\": "
                        + pick(List.of(
                                "1",
                                "0",
                                "-5",
                                "100",
                                "1e3",
                                "9223372036854775807",
                                "92233720368547758070",
                                "\"x\"",
                                "null",
                                "1.5"))
                        + ", \"operation\": "
                        + jsonValue(pick(List.of("read", "write", "READ", "delete", ""))) + "}";
            case 2 -> "null";
            default ->
                "{\"sensor_id\": " + jsonValue(null) + ", \"day\": " + jsonValue("2026-10-01") + ", \"id\": "
                        + jsonValue(String.valueOf(random.nextInt())) + "}";
        };
    }

    /** A JSON value: usually the given string, or anything else (numbers, huge, nested, wrong types). */
    private String jsonValue(String usual) {
        if (usual != null && chance(60)) {
            return quote(usual);
        }
        return switch (random.nextInt(9)) {
            case 0 -> quote(randomText(random.nextInt(30)));
            case 1 -> hugeNumber();
            case 2 -> pick(List.of("null", "true", "false", "[]", "{}", "[\"a\"]", "{\"x\": 1}", "0", "-0", "1e309"));
            case 3 -> quote("x".repeat(random.nextInt(chance(90) ? 2000 : 70_000)));
            case 4 -> quote(value());
            default -> quote(pick(GOOD_VALUES));
        };
    }

    private static String quote(String s) {
        StringBuilder q = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                q.append('\\').append(c);
            } else if (c < 0x20) {
                q.append(String.format("\\u%04x", (int) c));
            } else {
                q.append(c);
            }
        }
        return q.append('"').toString();
    }

    private byte[] truncate(String json) {
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        return java.util.Arrays.copyOf(b, random.nextInt(b.length + 1));
    }

    private byte[] deepNesting() {
        int depth = 500 + random.nextInt(chance(50) ? 2_000 : 100_000);
        String open = pick(List.of("[", "{\"a\":", "{\"keys\":["));
        String close = open.equals("[") ? "]" : open.equals("{\"a\":") ? "}" : "]}";
        return latin1(open.repeat(depth) + "1" + (chance(50) ? close.repeat(depth) : ""));
    }

    private byte[] withInvalidUtf8(String json) {
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < 1 + random.nextInt(4); i++) {
            b[random.nextInt(b.length)] = pick(List.of(0x80, 0xC0, 0xED, 0xFF, 0xFE, 0x00, 0xF8, 0xC3))
                    .byteValue();
        }
        return b;
    }

    // ---------------------------------------------------------------- helpers

    /** Random text from the whole of Unicode's awkward corners: controls, surrogates, emoji, NUL, RTL, BOM. */
    String randomText(int length) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < length; i++) {
            switch (random.nextInt(7)) {
                case 0 -> s.append((char) random.nextInt(0x20));
                case 1 -> s.append((char) (0xD800 + random.nextInt(0x800))); // a lone surrogate
                case 2 -> s.appendCodePoint(0x1F600 + random.nextInt(80));
                case 3 ->
                    s.append(pick(List.of(
                            "\u0000", "\ufeff", "\u202e", "\u00e9", "\u4e2d", "'", "\"", "%", "&", "=", "+", "?", "#",
                            "/", "\\", ":", ";", " ")));
                default -> s.append((char) (0x21 + random.nextInt(0x5e)));
            }
        }
        return s.toString();
    }

    private byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }

    private boolean chance(int percent) {
        return random.nextInt(100) < percent;
    }

    private <T> T pick(List<T> options) {
        return options.get(random.nextInt(options.size()));
    }

    private static byte[] latin1(String s) {
        // chars above 0xFF (only in deliberately broken parts) go out as their UTF-8 bytes
        ByteArrayOutputStream out = new ByteArrayOutputStream(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c <= 0xFF) {
                out.write(c);
            } else {
                out.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
            }
        }
        return out.toByteArray();
    }
}
