package dev.bundlectl.crdschema;

import com.google.re2j.PatternSyntaxException;

/**
 * Go's wording of a refused pattern from RE2/J's exception. RE2/J's messages are Go's
 * ({@code error parsing regexp: CODE: `EXPR`}) but for an unmatched closing parenthesis, which
 * RE2/J reports as an internal "stack underflow" where Go says {@code unexpected )} and quotes the
 * whole pattern.
 */
final class GoRegexErrors {

    private static final String PREFIX = "error parsing regexp: ";
    private static final String UNDERFLOW = "stack underflow";

    private GoRegexErrors() {
    }

    static String wording(String goPattern, PatternSyntaxException refused) {
        if (UNDERFLOW.equals(refused.getPattern())) {
            return PREFIX + "unexpected ): `" + goPattern + "`";
        }
        return PREFIX + refused.getDescription() + ": `" + refused.getPattern() + "`";
    }
}
