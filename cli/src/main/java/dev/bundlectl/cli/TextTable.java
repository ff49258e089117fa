package dev.bundlectl.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * A plain, kubectl-style text table: upper-case headers, columns padded to their widest cell,
 * three spaces between columns, and the last column never padded (it holds long messages).
 */
final class TextTable {

    private static final String GAP = "   ";

    private final List<String> headers;
    private final List<List<String>> rows = new ArrayList<>();

    TextTable(List<String> headers) {
        this.headers = List.copyOf(headers);
    }

    /**
     * Adds a row; null cells print as empty, line breaks are flattened to keep one row a line, and
     * hidden characters are shown escaped ({@link TerminalText}).
     */
    TextTable row(List<String> cells) {
        if (cells.size() != headers.size()) {
            throw new IllegalArgumentException("expected " + headers.size() + " cells, got " + cells.size());
        }
        List<String> clean = new ArrayList<>(cells.size());
        for (String cell : cells) {
            clean.add(cell == null ? "" : TerminalText.safe(cell.replace('\n', ' ').replace('\r', ' ')));
        }
        rows.add(clean);
        return this;
    }

    void print(PrintWriter out) {
        int[] widths = new int[headers.size()];
        for (int i = 0; i < widths.length; i++) {
            widths[i] = headers.get(i).length();
        }
        for (List<String> row : rows) {
            for (int i = 0; i < widths.length; i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        printRow(out, headers, widths);
        rows.forEach(row -> printRow(out, row, widths));
    }

    private static void printRow(PrintWriter out, List<String> cells, int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            String cell = cells.get(i);
            line.append(cell);
            if (i < cells.size() - 1) {
                line.append(" ".repeat(widths[i] - cell.length())).append(GAP);
            }
        }
        out.println(line.toString().stripTrailing());
    }
}
