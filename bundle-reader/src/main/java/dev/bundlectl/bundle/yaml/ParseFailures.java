package dev.bundlectl.bundle.yaml;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/** Turns what parsing threw into a {@link ParseFailure}, and words places for messages. */
final class ParseFailures {

    private ParseFailures() {
    }

    /**
     * @param e what the parser or {@link TreeBuilder} threw
     * @param documentIndex the document being parsed
     */
    static ParseFailure of(Exception e, int documentIndex) {
        if (e instanceof TreeBuildException) {
            TreeBuildException failure = (TreeBuildException) e;
            return new ParseFailure(ParseFailure.Kind.CONTENT, documentIndex, failure.line(), failure.column(),
                    failure.getMessage());
        }
        if (e instanceof StreamConstraintsException) {
            JsonLocation at = ((StreamConstraintsException) e).getLocation();
            return new ParseFailure(ParseFailure.Kind.LIMIT, documentIndex, lineOf(at), columnOf(at),
                    firstLine(((StreamConstraintsException) e).getOriginalMessage()));
        }
        if (e instanceof JsonProcessingException) {
            return syntaxFailure((JsonProcessingException) e, documentIndex);
        }
        return new ParseFailure(ParseFailure.Kind.UNEXPECTED, documentIndex, 0, 0, describe(e));
    }

    /** Prefers SnakeYAML's mark, which points at the culprit, to Jackson's location. */
    private static ParseFailure syntaxFailure(JsonProcessingException e, int documentIndex) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof MarkedYAMLException) {
                MarkedYAMLException marked = (MarkedYAMLException) cause;
                Mark mark = marked.getProblemMark() != null ? marked.getProblemMark() : marked.getContextMark();
                String problem = marked.getProblem() != null ? marked.getProblem() : marked.getContext();
                String context = marked.getProblem() != null && marked.getContext() != null
                        ? " (" + firstLine(marked.getContext()) + ")" : "";
                return new ParseFailure(ParseFailure.Kind.SYNTAX, documentIndex,
                        mark == null ? 0 : mark.getLine() + 1, mark == null ? 0 : mark.getColumn() + 1,
                        firstLine(problem) + context);
            }
        }
        JsonLocation at = e.getLocation();
        return new ParseFailure(ParseFailure.Kind.SYNTAX, documentIndex, lineOf(at), columnOf(at),
                firstLine(e.getOriginalMessage()));
    }

    /** "at line L, column C: ", "at line L: ", or "" when the line is unknown. */
    static String at(int line, int column) {
        if (line <= 0) {
            return "";
        }
        return column > 0 ? "at line " + line + ", column " + column + ": " : "at line " + line + ": ";
    }

    /** " (line L, column C)", " (line L)", or "" when the line is unknown. */
    static String place(int line, int column) {
        if (line <= 0) {
            return "";
        }
        return column > 0 ? " (line " + line + ", column " + column + ")" : " (line " + line + ")";
    }

    /** The exception's kind and the first line of its message. */
    static String describe(Exception e) {
        String message = e.getMessage();
        String kind = e.getClass().getSimpleName();
        return message == null ? kind : kind + ": " + firstLine(message);
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "";
        }
        int newline = text.indexOf('\n');
        return (newline < 0 ? text : text.substring(0, newline)).trim();
    }

    private static int lineOf(JsonLocation location) {
        return location == null ? 0 : Math.max(0, location.getLineNr());
    }

    private static int columnOf(JsonLocation location) {
        return location == null ? 0 : Math.max(0, location.getColumnNr());
    }
}
