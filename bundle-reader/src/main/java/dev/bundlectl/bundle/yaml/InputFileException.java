package dev.bundlectl.bundle.yaml;

import java.util.Objects;

/**
 * A file given by the user (an API surface, a plan file) cannot be used. The message is one line,
 * {@code file:line: problem} (or {@code file: problem} when no line applies), ready to print
 * without a stack trace.
 */
public final class InputFileException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final String problem;

    /**
     * @param file the file as the user named it
     * @param line the one-based line, or 0 when the problem is not about one line
     * @param problem what is wrong, in words for a user, on one line
     */
    public InputFileException(String file, int line, String problem) {
        super(format(file, line, problem));
        this.file = Objects.requireNonNull(file, "file");
        this.line = Math.max(0, line);
        this.problem = Objects.requireNonNull(problem, "problem");
    }

    /** The file as the user named it. */
    public String file() {
        return file;
    }

    /** The one-based line, or 0 when the problem is not about one line. */
    public int line() {
        return line;
    }

    /** The problem without the file and line prefix. */
    public String problem() {
        return problem;
    }

    private static String format(String file, int line, String problem) {
        String oneLine = problem == null ? "" : problem.replaceAll("\\s*\\R\\s*", " ").strip();
        return line > 0 ? file + ":" + line + ": " + oneLine : file + ": " + oneLine;
    }
}
