package io.ringmap.problem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ProblemKindTest {

    @Test
    void everyKindHasItsOwnTypeUnderTheOneBase() {
        assertThat(Arrays.stream(ProblemKind.values()).map(ProblemKind::type).distinct())
                .hasSize(ProblemKind.values().length);
        for (ProblemKind kind : ProblemKind.values()) {
            assertThat(kind.type().toString()).isEqualTo(ProblemKind.TYPE_PREFIX + kind.typeName());
            assertThat(kind.typeName())
                    .as(kind.name())
                    .matches("[a-z]+(-[a-z0-9]+)*")
                    .isEqualTo(kind.name().toLowerCase().replace('_', '-'));
            assertThat(ProblemKind.ofType(kind.type().toString())).contains(kind);
        }
        assertThat(ProblemKind.ofType(ProblemKind.TYPE_PREFIX + "no-such-kind")).isEmpty();
    }

    @Test
    void titlesAreFixedPerKindAndNoTwoKindsShareOne() {
        Map<String, Long> byTitle = Arrays.stream(ProblemKind.values())
                .collect(Collectors.groupingBy(ProblemKind::title, Collectors.counting()));
        assertThat(byTitle)
                .allSatisfy((title, count) -> assertThat(count).as(title).isOne());
        for (ProblemKind kind : ProblemKind.values()) {
            // sentence case, no full stop: "Unknown keyspace", not "Unknown Keyspace." (URI and HTTP are acronyms)
            assertThat(kind.title()).as(kind.name()).matches("[A-Z][A-Za-z0-9 -]*[a-z0-9]");
            String[] words = kind.title().split(" ");
            assertThat(words[0]).as(kind.name()).matches("[A-Z][a-z-]*|URI|HTTP");
            assertThat(Arrays.copyOfRange(words, 1, words.length))
                    .as(kind.name())
                    .allSatisfy(word -> assertThat(word).matches("[a-z0-9-]+"));
            assertThat(kind.when()).as(kind.name()).isNotBlank().doesNotContain("|");
        }
    }

    @Test
    void statusesAreClientOrServerErrorsAndAgreeWithWhatTheKindSays() {
        Map<ProblemKind, Integer> expected = Map.of(
                ProblemKind.INTERNAL,
                500,
                ProblemKind.NO_SNAPSHOT,
                503,
                ProblemKind.UNAUTHORIZED,
                401,
                ProblemKind.FORBIDDEN,
                403,
                ProblemKind.NOT_FOUND,
                404,
                ProblemKind.METHOD_NOT_ALLOWED,
                405,
                ProblemKind.BATCH_TOO_LARGE,
                413,
                ProblemKind.HTTP_VERSION_NOT_SUPPORTED,
                505);
        expected.forEach(
                (kind, status) -> assertThat(kind.status()).as(kind.name()).isEqualTo(status));
        for (ProblemKind kind : ProblemKind.values()) {
            assertThat(kind.status()).as(kind.name()).isBetween(400, 599);
            // a client's mistake is never a 5xx: only the server's own state is
            if (kind.typeName().startsWith("invalid-")
                    || kind.typeName().startsWith("malformed-")
                    || kind.typeName().startsWith("unknown-")
                    || kind.typeName().endsWith("-too-large")) {
                assertThat(kind.status()).as(kind.name()).isBetween(400, 499);
            }
        }
    }

    @Test
    void aProblemTakesItsKindsStatusAndKeepsMembersInOrder() {
        Problem p = ProblemKind.BATCH_TOO_LARGE
                .problem("batch of 3 items exceeds the limit of 2")
                .with("size", 3)
                .with("limit", 2)
                .withHeader("Retry-After", "1");

        assertThat(p.status()).isEqualTo(413);
        assertThat(p.properties().keySet()).containsExactly("size", "limit");
        assertThat(p.headers()).containsExactly(Map.entry("Retry-After", "1"));
        assertThat(p.withDetail("other").properties()).isEqualTo(p.properties());
    }

    @Test
    void anExtensionMemberCannotTakeAStandardMembersName() {
        Problem p = ProblemKind.UNSUPPORTED_KEY_TYPE.problem("unknown CQL type 'moon'");

        for (String standard : Problem.STANDARD_MEMBERS) {
            assertThatThrownBy(() -> p.with(standard, "x"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(standard);
        }
        assertThat(new io.ringmap.schema.UnsupportedKeyTypeException("moon", "unknown CQL type 'moon'")
                        .problem()
                        .properties())
                .containsExactly(Map.entry("cqlType", "moon"));
    }

    @Test
    void aStatusOverrideStaysInTheKindsClass() {
        Problem malformed = ProblemKind.MALFORMED_REQUEST.problem("the request is not valid HTTP/1.1");

        assertThat(malformed.withStatus(411).status()).isEqualTo(411);
        assertThatThrownBy(() -> malformed.withStatus(500))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("malformed-request");
        assertThatThrownBy(() -> ProblemKind.INTERNAL.problem("x").withStatus(404))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
