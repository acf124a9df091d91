package io.ringmap.web.errors;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Checks a raw (undecoded) query string the way the servlet container decodes it ({@code application/x-www-form-urlencoded}
 * pairs separated by {@code &}, UTF-8), to name the parameter whose encoding is broken instead of failing the request
 * with the container's generic message.
 *
 * <p>What it says names parameters, never quotes their values (not a byte of them, not even a broken escape): a value
 * may be a partition key, and these details are answered and logged ({@link ClientErrorLog}), also where hot keys
 * are exported hashed because keys are personal data.
 */
public final class QueryStrings {

    private static final int MAX_SHOWN = 60;

    private QueryStrings() {}

    /** What is wrong with one parameter of a query string. */
    public record Violation(String parameter, String detail) {}

    /** The first malformed parameter of {@code rawQuery}, if any (null or empty: none). */
    public static Optional<Violation> firstViolation(String rawQuery) {
        if (rawQuery == null || rawQuery.isEmpty()) {
            return Optional.empty();
        }
        for (String pair : rawQuery.split("&", -1)) {
            if (pair.isEmpty()) {
                continue; // "a&&b": an empty chunk, ignored by the container too
            }
            int eq = pair.indexOf('=');
            String rawName = eq < 0 ? pair : pair.substring(0, eq);
            String shownName = shown(lenientDecode(rawName));
            if (rawName.isEmpty()) {
                return Optional.of(new Violation(
                        "",
                        "a query string chunk has a value but no parameter name ('=' "
                                + "first; the value is not shown)"));
            }
            Optional<String> nameProblem = problemIn(rawName, true, true);
            if (nameProblem.isPresent()) {
                return Optional.of(
                        new Violation(shownName, "parameter name '" + shown(rawName) + "' " + nameProblem.get()));
            }
            if (eq >= 0) {
                Optional<String> valueProblem = problemIn(pair.substring(eq + 1), true, false);
                if (valueProblem.isPresent()) {
                    return Optional.of(new Violation(
                            shownName,
                            "the value of parameter '" + shownName + "' " + valueProblem.get()
                                    + " (the value is not shown)"));
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Why the path parameters ({@code ;name=value} after a path segment) of a raw request path do not decode, or empty
     * when they do. The servlet container takes them off the path undecoded; Spring MVC decodes them for every
     * request, and fails outside any handler when an escape is broken.
     */
    public static Optional<String> pathParameterProblem(String rawPath) {
        if (rawPath == null || rawPath.indexOf(';') < 0) {
            return Optional.empty();
        }
        for (String segment : rawPath.split("/", -1)) {
            int semicolon = segment.indexOf(';');
            if (semicolon < 0) {
                continue;
            }
            for (String parameter : segment.substring(semicolon + 1).split(";", -1)) {
                int eq = parameter.indexOf('=');
                String name = eq < 0 ? parameter : parameter.substring(0, eq);
                Optional<String> problem = problemIn(name, false, true)
                        .or(() -> eq < 0
                                ? Optional.empty()
                                : problemIn(parameter.substring(eq + 1), false, false)
                                        .map(p -> "(its value) " + p + " (the value is not shown)"));
                if (problem.isPresent()) {
                    return Optional.of("parameter ';" + shown(name) + "' " + problem.get());
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Why {@code raw} (a parameter name or value, or a path) does not percent-decode to UTF-8, or empty when it does;
     * {@code plusIsSpace} for form encoding; {@code quote}: the reason may quote the broken escape and the bytes (for
     * names and paths, never for values).
     */
    static Optional<String> problemIn(String raw, boolean plusIsSpace, boolean quote) {
        ByteBuffer bytes = ByteBuffer.allocate(raw.length() * 3);
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%') {
                if (i + 2 >= raw.length() || hex(raw.charAt(i + 1)) < 0 || hex(raw.charAt(i + 2)) < 0) {
                    String escape = quote ? " '" + raw.substring(i, Math.min(raw.length(), i + 3)) + "'" : "";
                    return Optional.of("has a broken percent-escape" + escape
                            + " (a '%' must be followed by two hex digits; send a literal '%' as %25)");
                }
                bytes.put((byte) (hex(raw.charAt(i + 1)) * 16 + hex(raw.charAt(i + 2))));
                i += 2;
            } else if (c == '+' && plusIsSpace) {
                bytes.put((byte) ' ');
            } else {
                bytes.put(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
            }
        }
        bytes.flip();
        try {
            StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(bytes.duplicate());
            return Optional.empty();
        } catch (CharacterCodingException e) {
            if (!quote) {
                return Optional.of("does not percent-decode to valid UTF-8");
            }
            byte[] all = new byte[Math.min(bytes.remaining(), 24)];
            bytes.get(all);
            return Optional.of("does not percent-decode to valid UTF-8 (bytes "
                    + HexFormat.ofDelimiter(" ").formatHex(all) + (bytes.remaining() > 0 ? " ..." : "") + ")");
        }
    }

    private static String lenientDecode(String raw) {
        StringBuilder out = new StringBuilder(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%'
                    && i + 2 < raw.length()
                    && hex(raw.charAt(i + 1)) >= 0
                    && hex(raw.charAt(i + 2)) >= 0
                    && hex(raw.charAt(i + 1)) < 8) {
                out.append((char) (hex(raw.charAt(i + 1)) * 16 + hex(raw.charAt(i + 2))));
                i += 2;
            } else {
                out.append(c == '+' ? ' ' : c);
            }
        }
        return out.toString();
    }

    private static int hex(char c) {
        return Character.digit(c, 16) >= 0 && c < 128 ? Character.digit(c, 16) : -1;
    }

    static String shown(String s) {
        return shown(s, MAX_SHOWN);
    }

    /** {@code s} without control characters, cut after {@code max} characters. */
    static String shown(String s, int max) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length() && out.length() < max; i++) {
            char c = s.charAt(i);
            out.append(Character.isISOControl(c) ? '?' : c);
        }
        return out.length() < s.length() ? out + "..." : out.toString();
    }
}
