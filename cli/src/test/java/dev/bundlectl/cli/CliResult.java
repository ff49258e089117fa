package dev.bundlectl.cli;

import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What one in-process {@code bundlectl} run produced.
 *
 * @param exitCode the code {@link Main#run} returned
 * @param out everything written to stdout
 * @param err everything written to stderr
 * @param elapsed wall-clock time of the run
 */
record CliResult(int exitCode, String out, String err, Duration elapsed) {

    // A Java stack frame as printStackTrace writes it: "\tat pkg.Class.method(File.java:12)".
    private static final Pattern STACK_FRAME = Pattern.compile("(?m)^\\s+at [\\w.$<>/]+\\(.*\\)$");
    // A Java exception's name: qualified (java.lang.IllegalStateException) or followed by a colon
    // or the end of a line as toString() prints it. A Kubernetes kind such as PolicyException in
    // a message is neither.
    private static final Pattern EXCEPTION_NAME = Pattern.compile(
            "(?m)\\b(?:[a-z_$][\\w$]*\\.)+[A-Z][\\w$]*(?:Exception|Error)\\b|\\b[A-Z][\\w$]*Exception(?::|$)");

    /** stderr split into lines, without blank ones. */
    List<String> errLines() {
        return err.lines().filter(line -> !line.isBlank()).toList();
    }

    /** stdout split into lines. */
    List<String> outLines() {
        return out.lines().toList();
    }

    /** Whether stderr or stdout looks like a Java stack trace or names an exception class. */
    boolean showsStackTrace() {
        return STACK_FRAME.matcher(err).find() || STACK_FRAME.matcher(out).find()
                || EXCEPTION_NAME.matcher(err).find() || err.contains("Caused by:");
    }

    /** A description for assertion messages: the exit code and both streams (shortened). */
    String describe() {
        return "exit " + exitCode + "\n--- stdout ---\n" + shorten(out) + "\n--- stderr ---\n" + shorten(err);
    }

    private static String shorten(String text) {
        return text.length() <= 4000 ? text : text.substring(0, 4000) + "\n... (" + text.length() + " chars)";
    }
}
