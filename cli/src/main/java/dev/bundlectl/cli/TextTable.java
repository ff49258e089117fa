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
    // The column widths of the chunks printed so far; null before the first.
    private int[] chunkWidths;

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
        int[] widths = widths(new int[headers.size()]);
        printRow(out, headers, widths);
        rows.forEach(row -> printRow(out, row, widths));
    }

    /**
     * Prints the rows added since the last chunk and forgets them, for a table too long to hold
     * (a batch over a whole catalog): the header comes with the first chunk, and each column is as
     * wide as its widest cell so far, so a later chunk's columns move right only when it holds a
     * wider cell, as kubectl's chunked lists do.
     */
    void printChunk(PrintWriter out) {
        boolean first = chunkWidths == null;
        chunkWidths = widths(first ? new int[headers.size()] : chunkWidths);
        if (first) {
            printRow(out, headers, chunkWidths);
        }
        rows.forEach(row -> printRow(out, row, chunkWidths));
        rows.clear();
    }

    /** How many rows are held, not yet printed. */
    int heldRows() {
        return rows.size();
    }

    /** {@code atLeast} widened to the header and every held row. */
    private int[] widths(int[] atLeast) {
        int[] widths = atLeast.clone();
        for (int i = 0; i < widths.length; i++) {
            widths[i] = Math.max(widths[i], headers.get(i).length());
        }
        for (List<String> row : rows) {
            for (int i = 0; i < widths.length; i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        return widths;
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
