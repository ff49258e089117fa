package dev.bundlectl.cli;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Counts a batch as its summaries go by: how many bundles got each verdict, which reasons come up
 * most, and the exit code. Only counts are kept, never the summaries.
 */
final class BatchTally {

    /** How many reasons the table's summary lists. */
    static final int TOP_REASONS = 5;
    /**
     * How many different reasons are counted: a catalog of broken bundles, each broken its own way,
     * must not grow the tally without bound. Reasons first seen after that are not ranked.
     */
    static final int MAX_DISTINCT_REASONS = 10_000;

    private final Map<BatchVerdict, Integer> byVerdict = new EnumMap<>(BatchVerdict.class);
    private final Map<String, Integer> bundlesByReason = new HashMap<>();
    private BatchVerdict worst = BatchVerdict.INSTALLABLE;
    private int total;

    /** A reason and how many bundles gave it. */
    record RankedReason(String reason, int bundles) {
    }

    void add(BundleSummary summary) {
        total++;
        byVerdict.merge(summary.verdict(), 1, Integer::sum);
        worst = BatchVerdict.worst(worst, summary.verdict());
        // Counted once per bundle: "12 bundles" means twelve bundles, whatever their step counts.
        Set<String> distinct = new LinkedHashSet<>();
        summary.reasons().forEach(reason -> distinct.add(withoutLocation(reason)));
        for (String reason : distinct) {
            if (bundlesByReason.containsKey(reason) || bundlesByReason.size() < MAX_DISTINCT_REASONS) {
                bundlesByReason.merge(reason, 1, Integer::sum);
            }
        }
    }

    int total() {
        return total;
    }

    int count(BatchVerdict verdict) {
        return byVerdict.getOrDefault(verdict, 0);
    }

    /** 0 when every bundle is installable; else the exit code of the worst verdict (2 over 3). */
    int exitCode() {
        return worst.exitCode();
    }

    /** The most common reasons, most bundles first, ties in text order. */
    List<RankedReason> topReasons() {
        List<RankedReason> ranked = new ArrayList<>();
        bundlesByReason.forEach((reason, bundles) -> ranked.add(new RankedReason(reason, bundles)));
        ranked.sort(Comparator.comparingInt(RankedReason::bundles).reversed().thenComparing(RankedReason::reason));
        return ranked.subList(0, Math.min(TOP_REASONS, ranked.size()));
    }

    /**
     * A reason without the object or file it names ({@code Kind/ns/name: } of a step,
     * {@code file[doc N]: } of an input error), so that the same problem in different bundles
     * counts as one reason.
     */
    static String withoutLocation(String reason) {
        int colon = reason.indexOf(": ");
        return colon < 0 ? reason : reason.substring(colon + 2);
    }
}
