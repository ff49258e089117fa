package dev.bundlectl.crdschema;

import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Compiles a schema {@code pattern}, written for Go's RE2, as a Java regex. The two agree on
 * the syntax CRDs use; the differences that matter are bridged: Go's {@code (?P<name>...)}
 * groups, and {@code $}, which in Go (without the {@code m} flag) matches only at the very end
 * while Java's also matches before a final line break.
 */
final class GoRegex {

    private GoRegex() {
    }

    /**
     * The Java pattern, or empty when Java cannot compile it (the check is then skipped: better
     * to miss a problem than to refuse an update the API server would accept).
     */
    static Optional<Pattern> compile(String goPattern) {
        try {
            return Optional.of(Pattern.compile(translate(goPattern)));
        } catch (PatternSyntaxException | StackOverflowError unsupported) {
            return Optional.empty();
        }
    }

    static String translate(String goPattern) {
        String named = goPattern.replace("(?P<", "(?<");
        if (named.contains("(?m") || !named.contains("$")) {
            return named;
        }
        StringBuilder out = new StringBuilder(named.length() + 4);
        boolean inClass = false;
        for (int i = 0; i < named.length(); i++) {
            char c = named.charAt(i);
            if (c == '\\' && i + 1 < named.length()) {
                out.append(c).append(named.charAt(++i));
            } else if (c == '[') {
                inClass = true;
                out.append(c);
            } else if (c == ']') {
                inClass = false;
                out.append(c);
            } else if (c == '$' && !inClass) {
                out.append("\\z");
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
