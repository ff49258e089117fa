package dev.bundlectl.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads back a table that {@link TextTable} printed: the cells of a row sit at the columns where
 * the header's titles start, so a row is cut at those offsets. The table ends at the first blank
 * line.
 */
final class TextTableReader {

    private TextTableReader() {
    }

    /**
     * The rows of the table whose header line is the first line starting with {@code firstHeader}.
     *
     * @return one map per row, header title to trimmed cell, in column order
     */
    static List<Map<String, String>> rows(List<String> lines, String firstHeader) {
        int headerIndex = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(firstHeader + " ")) {
                headerIndex = i;
                break;
            }
        }
        if (headerIndex < 0) {
            throw new AssertionError("no table with header " + firstHeader + " in:\n" + String.join("\n", lines));
        }
        String header = lines.get(headerIndex);
        List<String> titles = List.of(header.trim().split(" {2,}"));
        int[] starts = new int[titles.size()];
        int from = 0;
        for (int i = 0; i < titles.size(); i++) {
            starts[i] = header.indexOf(titles.get(i), from);
            from = starts[i] + titles.get(i).length();
        }
        List<Map<String, String>> rows = new ArrayList<>();
        for (int i = headerIndex + 1; i < lines.size() && !lines.get(i).isBlank(); i++) {
            String line = lines.get(i);
            Map<String, String> row = new LinkedHashMap<>();
            for (int c = 0; c < titles.size(); c++) {
                int start = Math.min(starts[c], line.length());
                int end = c + 1 < titles.size() ? Math.min(starts[c + 1], line.length()) : line.length();
                row.put(titles.get(c), line.substring(start, end).trim());
            }
            rows.add(row);
        }
        return rows;
    }
}
