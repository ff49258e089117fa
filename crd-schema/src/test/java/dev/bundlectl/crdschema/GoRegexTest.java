package dev.bundlectl.crdschema;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Patterns compiled as Go's {@code regexp} compiles them, refusals worded as Go words them. */
class GoRegexTest {

    @ParameterizedTest
    @CsvSource(delimiterString = " => ", quoteCharacter = '"', value = {
        // Perl constructs RE2 leaves out: lookarounds, backreferences, possessive quantifiers.
        "^(?!0)[0-9]+(Mi|Gi)$ => error parsing regexp: invalid or unsupported Perl syntax: `(?!`",
        "^(?=a)a => error parsing regexp: invalid or unsupported Perl syntax: `(?=`",
        "(a)\\1 => error parsing regexp: invalid escape sequence: `\\1`",
        "a++ => error parsing regexp: invalid nested repetition operator: `++`",
        "\\Z => error parsing regexp: invalid escape sequence: `\\Z`",
        // Plain syntax errors.
        "(abc => error parsing regexp: missing closing ): `(abc`",
        "abc) => error parsing regexp: unexpected ): `abc)`",
        "[a- => error parsing regexp: missing closing ]: `[a-`",
        "+ => error parsing regexp: missing argument to repetition operator: `+`",
        "a{1001} => error parsing regexp: invalid repeat count: `{1001}`",
        "[z-a] => error parsing regexp: invalid character class range: `z-a`",
        "\\ => error parsing regexp: trailing backslash at end of expression: ``",
    })
    void goRefusesWithItsOwnWords(String pattern, String error) {
        assertThat(GoRegex.compile(pattern.strip())).isEqualTo(new GoRegex.Refused(error));
    }

    @ParameterizedTest
    @ValueSource(strings = {"^[a-z0-9]([-a-z0-9]*[a-z0-9])?$", "(?P<name>x)", "[[:alpha:]]", "\\Q.*\\E", "(?i)abc",
        "(?s).", "a{,5}", "^(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(m|Mi|Gi)?$"})
    void goAccepts(String pattern) {
        assertThat(GoRegex.compile(pattern)).isInstanceOf(GoRegex.Compiled.class);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "^a$      | a      | true",
        // Go's $ is the end of the text, not before a final line break as Java's is.
        "^a$      | 'a\n'  | false",
        "[0-9]    | x1y    | true",
        "(?i)^ab$ | AB     | true",
    })
    void matchesAsGoMatchString(String pattern, String text, boolean matches) {
        GoRegex.Compiled compiled = (GoRegex.Compiled) GoRegex.compile(pattern.strip());
        assertThat(compiled.matchesIn(text.replace("\\n", "\n"))).isEqualTo(matches);
    }
}
