package dev.bundlectl.crdschema;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import java.util.Objects;

/**
 * A schema {@code pattern} compiled as the API server compiles it: with Go's {@code regexp}, whose
 * syntax and semantics RE2/J reproduces in Java (docs/semantics.md §2). A pattern Go refuses
 * (lookarounds, backreferences, possessive quantifiers, ...) makes the CRD invalid; one it accepts
 * matches in linear time, so no match needs a budget.
 */
sealed interface GoRegex permits GoRegex.Compiled, GoRegex.Refused {

    /**
     * Compiles {@code goPattern} as Go's {@code regexp.Compile} does.
     *
     * @return the compiled pattern, or Go's error for it
     */
    static GoRegex compile(String goPattern) {
        try {
            return new Compiled(Pattern.compile(goPattern));
        } catch (PatternSyntaxException refused) {
            return new Refused(GoRegexErrors.wording(goPattern, refused));
        } catch (StackOverflowError tooDeep) {
            // Go refuses nesting this deep too (1,000 levels), and no schema needs it.
            return new Refused("error parsing regexp: expression nests too deeply: `" + goPattern + "`");
        }
    }

    /** A pattern Go accepts. */
    record Compiled(Pattern pattern) implements GoRegex {
        public Compiled {
            Objects.requireNonNull(pattern, "pattern");
        }

        /** Whether the pattern matches anywhere in {@code text}, as Go's {@code MatchString}. */
        public boolean matchesIn(String text) {
            return pattern.matcher(text).find();
        }
    }

    /**
     * A pattern Go refuses.
     *
     * @param error Go's error text, e.g. {@code error parsing regexp: invalid or unsupported Perl
     *     syntax: `(?!`}
     */
    record Refused(String error) implements GoRegex {
        public Refused {
            Objects.requireNonNull(error, "error");
        }
    }
}
