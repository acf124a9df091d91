package io.ringmap.streams.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The plain-line shortcut of {@link NdjsonKeyLines} against its oracle, the same class with every line read by
 * Jackson's parser: the same keys (names, values, order) and the same problems with the same line numbers, on
 * generated lines good and bad.
 */
class NdjsonKeyLinesTest {

    private static final String[] NAMES = {
        "\"sensor_id\"",
        "\"day\"",
        "\"Day\"",
        "\"\"",
        "\"se\\u006esor_id\"",
        "\"d\\\"ay\"",
        "\"caf\u00e9\"",
        "sensor_id",
        "\"sensor_id"
    };
    private static final String[] VALUES = {
        "\"sensor-17\"",
        "\"2026-10-01\"",
        "\"\"",
        "\"a b,c:{}[]\"",
        "\"tab\\there\"",
        "\"\\u00e9t\u00e9\"",
        "\"caf\u00e9\"",
        "17",
        "-1.5e3",
        "0.10",
        "true",
        "false",
        "null",
        "{\"a\": \"b\"}",
        "[\"x\"]",
        "\"unclosed",
        "'single'",
        "nul",
        "\"\u0001\"",
        "\"del\u007f\""
    };
    private static final String[] BLANKS = {"", "", " ", "\t", "  ", "\r"};
    private static final String[] PLAIN_BLANKS = {"", " ", "\t", "  "};
    private static final String[] ENDS = {"}", "}", "}", "", "},", "} {}", "}}", "} x", "]"};

    /** What one reader made of each line: its number, then its problem or its key's entries in order. */
    private static List<String> read(String body, boolean plainFirst, long[] byJackson) throws IOException {
        NdjsonKeyLines lines = new NdjsonKeyLines(
                new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)), 64 * 1024, plainFirst);
        List<String> out = new ArrayList<>();
        while (lines.next()) {
            RuntimeException error = lines.error();
            Map<String, String> key = lines.key();
            out.add(lines.line() + " "
                    + (error != null
                            ? error.getClass().getSimpleName() + ": " + error.getMessage()
                            : new ArrayList<>(key.entrySet())));
        }
        byJackson[0] = lines.parsedByJackson();
        return out;
    }

    private static String pick(SplittableRandom random, String[] from) {
        return from[random.nextInt(from.length)];
    }

    @Test
    void plainLinesReadWithoutJacksonGiveJacksonsKeysAndEveryOtherLineItsProblem() throws IOException {
        // given 20,000 generated lines: mostly plain keys, and names, values, blanks and ends of every other kind
        SplittableRandom random = new SplittableRandom(39);
        StringBuilder body = new StringBuilder();
        for (int n = 0; n < 20_000; n++) {
            boolean plain = random.nextInt(3) > 0;
            String[] blanks = plain ? PLAIN_BLANKS : BLANKS;
            body.append(pick(random, blanks)).append(random.nextInt(50) == 0 ? "[" : "{");
            int pairs = random.nextInt(4);
            for (int p = 0; p < pairs; p++) {
                if (p > 0) {
                    body.append(random.nextInt(40) == 0 ? "" : ",");
                }
                body.append(pick(random, blanks))
                        .append(plain ? NAMES[random.nextInt(3)] : pick(random, NAMES))
                        .append(pick(random, blanks))
                        .append(random.nextInt(40) == 0 ? "" : ":")
                        .append(pick(random, blanks))
                        .append(plain ? VALUES[random.nextInt(4)] : pick(random, VALUES))
                        .append(pick(random, blanks));
            }
            body.append(plain ? "}" : pick(random, ENDS))
                    .append(pick(random, blanks))
                    .append('\n');
        }
        long[] shortcut = new long[1];
        long[] oracle = new long[1];
        // when read with the shortcut and by Jackson alone
        List<String> fast = read(body.toString(), true, shortcut);
        List<String> jackson = read(body.toString(), false, oracle);
        // then line for line the same keys and the same problems
        assertThat(fast).hasSize(20_000).containsExactlyElementsOf(jackson);
        assertThat(jackson).anyMatch(l -> l.contains("BadLineException")).anyMatch(l -> l.contains("[sensor_id="));
        // and the shortcut read most lines, the parser the rest
        assertThat(oracle[0]).isEqualTo(20_000);
        assertThat(shortcut[0]).isBetween(4_000L, 12_000L);
    }

    @Test
    void aBadLineAfterPlainOnesIsAnsweredWithItsOwnNumber() throws IOException {
        String body = "{\"sensor_id\": \"s-1\", \"day\": \"2026-10-01\"}\n\n{\"sensor_id\": \"s-2\", day}\n"
                + "{\"sensor_id\":\"s-3\",\"day\":\"2026-10-03\"}";
        List<String> lines = read(body, true, new long[1]);
        assertThat(lines)
                .containsExactly(
                        "1 [sensor_id=s-1, day=2026-10-01]",
                        "3 BadLineException: line 3: not JSON: Unexpected character ('d' (code 100)): was expecting double-quote "
                                + "to start property name at column 22",
                        "4 [sensor_id=s-3, day=2026-10-03]");
    }
}
