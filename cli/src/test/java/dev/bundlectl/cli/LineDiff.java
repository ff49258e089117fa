package dev.bundlectl.cli;

import java.util.List;

/** A short, readable account of where two texts first differ, for golden-file failures. */
final class LineDiff {

    private static final int CONTEXT = 3;

    private LineDiff() {
    }

    /** Empty when equal; otherwise the first differing line with a few lines of context from each side. */
    static String describe(String expected, String actual) {
        if (expected.equals(actual)) {
            return "";
        }
        List<String> want = expected.lines().toList();
        List<String> got = actual.lines().toList();
        int first = 0;
        while (first < want.size() && first < got.size() && want.get(first).equals(got.get(first))) {
            first++;
        }
        StringBuilder text = new StringBuilder()
                .append("first difference at line ").append(first + 1)
                .append(" (expected ").append(want.size()).append(" lines, ").append(expected.length())
                .append(" chars; actual ").append(got.size()).append(" lines, ").append(actual.length())
                .append(" chars)\n");
        if (first == want.size() && first == got.size()) {
            text.append("the lines are equal: the texts differ only in line endings or the final newline\n");
            return text.toString();
        }
        int from = Math.max(0, first - CONTEXT);
        appendSide(text, "expected", want, from, first);
        appendSide(text, "actual", got, from, first);
        return text.toString();
    }

    private static void appendSide(StringBuilder text, String label, List<String> lines, int from, int first) {
        text.append("--- ").append(label).append(" ---\n");
        for (int i = from; i < Math.min(lines.size(), first + CONTEXT + 1); i++) {
            text.append(i == first ? "> " : "  ").append(i + 1).append(": ").append(shorten(lines.get(i))).append('\n');
        }
        if (first >= lines.size()) {
            text.append("> (end of text)\n");
        }
    }

    private static String shorten(String line) {
        return line.length() <= 300 ? line : line.substring(0, 300) + "... (" + line.length() + " chars)";
    }
}
