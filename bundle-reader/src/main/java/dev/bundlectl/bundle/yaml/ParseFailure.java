package dev.bundlectl.bundle.yaml;

import java.util.Objects;

/**
 * Why parsing a text stopped before its end. Readers word it for their users; the bundle reader's
 * words are in the diagnostics of {@link LoadResult}.
 *
 * @param kind what went wrong
 * @param documentIndex the zero-based document being parsed, or -1 when the text was refused as a
 *     whole
 * @param line the one-based line of the culprit, or 0 when unknown
 * @param column the one-based column of the culprit, or 0 when unknown
 * @param problem what is wrong, on one line, without the place
 */
public record ParseFailure(Kind kind, int documentIndex, int line, int column, String problem) {

    public ParseFailure {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(problem, "problem");
    }

    /** What went wrong. */
    public enum Kind {
        /** The text is not well-formed YAML or JSON. */
        SYNTAX,
        /** A bound of Jackson's stream constraints or SnakeYAML's loader options was exceeded. */
        LIMIT,
        /** A line is longer than the reader's limit; the text was not parsed at all. */
        LONG_LINE,
        /**
         * Well-formed, but not readable as a tree within the limits: too deep, too long a string,
         * an alias without anchor, too much alias expansion, a bad merge key.
         */
        CONTENT,
        /** Anything else the parser threw; still a problem of this input. */
        UNEXPECTED
    }
}
