package dev.bundlectl.plan;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The API server's answer for an invalid object, {@code Kind "name" is invalid: [problem, problem,
 * …]}, said once in full (the step's message) and elsewhere by its first problem and a count: a CSV
 * that OLM's schema refuses can list thirty problems, and the summary line, the warning and the
 * install's error each repeated them all.
 */
public final class ProblemList {

    private static final Pattern LIST = Pattern.compile("(.* is invalid: )\\[(.*)]", Pattern.DOTALL);
    /** Where one field error ends and the next begins: {@code , field.path: Type}. */
    private static final Pattern NEXT = Pattern.compile(", (?=[^\\s,]+: (?:Required value|Invalid value|"
            + "Unsupported value|Too long|Too many|Forbidden|Duplicate value|Not found|Internal error)\\b)");

    private ProblemList() {
    }

    /**
     * The message with a list of several problems cut to its first and a count, e.g.
     * {@code CSV "x" is invalid: spec.a: Required value (and 29 more problems, listed in the step)};
     * any other message as it is.
     */
    public static String brief(String message) {
        if (message == null || !message.endsWith("]")) {
            return message;
        }
        Matcher list = LIST.matcher(message);
        if (!list.matches()) {
            return message;
        }
        String[] problems = NEXT.split(list.group(2));
        if (problems.length < 2) {
            return message;
        }
        int more = problems.length - 1;
        return list.group(1) + problems[0] + " (and " + more + " more problem" + (more == 1 ? "" : "s")
                + ", listed in the step)";
    }
}
