package dev.bundlectl.cli;

import java.io.PrintWriter;
import dev.bundlectl.plan.model.PlanDependency;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A batch as a table, one row per bundle with its first reason, then the counts per verdict and
 * the most common reasons. Every cell and reason is escaped for the terminal ({@link TerminalText}).
 * Rows are printed in chunks of {@link #CHUNK_ROWS}, so a catalog of any size holds at most one
 * chunk of cells, and the first rows show while the rest is planned.
 */
final class BatchTable implements BatchPrinter {

    private static final List<String> HEADERS = List.of("PATH", "PACKAGE", "CSV", "VERDICT", "DEPENDENCIES", "REASON");

    /** Rows per chunk: enough for columns that seldom move, few enough to hold. */
    static final int CHUNK_ROWS = 500;

    private final PrintWriter out;
    // One chunk of rows at most: column widths need the rows they are computed from.
    private final TextTable table = new TextTable(HEADERS);

    BatchTable(PrintWriter out) {
        this.out = out;
    }

    @Override
    public void bundle(BatchResult result) {
        BundleSummary summary = result.summary();
        table.row(List.of(summary.path(), orDash(summary.packageName()), orDash(summary.csvName()),
                summary.verdict().wireName(), dependencies(summary.dependencies()), firstReason(summary.reasons())));
        if (table.heldRows() >= CHUNK_ROWS) {
            table.printChunk(out);
            out.flush();
        }
    }

    @Override
    public void finish(BatchTally tally) {
        table.printChunk(out);
        out.println();
        out.println(countsLine(tally));
        List<BatchTally.RankedReason> top = tally.topReasons();
        if (!top.isEmpty()) {
            out.println("Most common reasons (bundles):");
            for (BatchTally.RankedReason reason : top) {
                out.println(String.format("%6d  %s", reason.bundles(), TerminalText.safe(flat(reason.reason()))));
            }
        }
        out.flush();
    }

    /** e.g. {@code 150 bundles: 123 installable, 19 predicted to fail, 8 invalid.} */
    static String countsLine(BatchTally tally) {
        StringBuilder line = new StringBuilder().append(tally.total())
                .append(tally.total() == 1 ? " bundle: " : " bundles: ")
                .append(tally.count(BatchVerdict.INSTALLABLE)).append(" installable, ")
                .append(tally.count(BatchVerdict.PREDICTED_TO_FAIL)).append(" predicted to fail, ")
                .append(tally.count(BatchVerdict.INVALID)).append(" invalid");
        if (tally.count(BatchVerdict.ERROR) > 0) {
            line.append(", ").append(tally.count(BatchVerdict.ERROR)).append(" could not be planned (error)");
        }
        return line.append('.').toString();
    }

    /** e.g. {@code 2 (1 Satisfied, 1 Unknown)}, or {@code -} for a bundle that declares none. */
    static String dependencies(List<PlanDependency> dependencies) {
        if (dependencies.isEmpty()) {
            return "-";
        }
        Map<String, Integer> byStatus = new TreeMap<>();
        dependencies.forEach(dependency -> byStatus.merge(dependency.status().wireName(), 1, Integer::sum));
        List<String> counts = new ArrayList<>();
        byStatus.forEach((status, count) -> counts.add(count + " " + status));
        return dependencies.size() + " (" + String.join(", ", counts) + ")";
    }

    private static String firstReason(List<String> reasons) {
        if (reasons.isEmpty()) {
            return "";
        }
        return reasons.size() == 1 ? reasons.get(0) : reasons.get(0) + " (+" + (reasons.size() - 1) + " more)";
    }

    private static String flat(String text) {
        return text.replace('\n', ' ').replace('\r', ' ');
    }

    private static String orDash(String value) {
        return value == null ? "-" : value;
    }
}
