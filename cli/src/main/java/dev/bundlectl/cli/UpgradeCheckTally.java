package dev.bundlectl.cli;

import dev.bundlectl.crdschema.upgrade.UpgradeCheck;
import dev.bundlectl.crdschema.upgrade.UpgradeFinding;
import java.util.EnumMap;
import java.util.Map;

/** The counts of a catalog's upgrade check, package by package, and the exit status they make. */
final class UpgradeCheckTally {

    private int packages;
    private int bundles;
    private int channels;
    private int edges;
    private int downgrades;
    private int unchecked;
    private int comparisons;
    private int brokenEdges;
    private int brokenPackages;
    private int findings;
    private int unreadable;
    private final Map<UpgradeCheck, Integer> byCheck = new EnumMap<>(UpgradeCheck.class);

    void add(PackageEdges checked) {
        packages++;
        bundles += checked.bundles();
        channels += checked.channels();
        edges += checked.edges();
        downgrades += checked.downgrades();
        unchecked += checked.unchecked();
        comparisons += checked.comparisons();
        brokenEdges += checked.broken().size();
        brokenPackages += checked.broken().isEmpty() ? 0 : 1;
        unreadable += checked.unreadable().size();
        for (UpgradeFinding finding : checked.findings()) {
            findings++;
            byCheck.merge(finding.check(), 1, Integer::sum);
        }
    }

    /** 2 when a bundle could not be read (its edges went unchecked), else 3 when an edge would break something, else 0. */
    int exitCode() {
        if (unreadable > 0) {
            return ExitCode.INVALID_INPUT;
        }
        return findings > 0 ? ExitCode.PLAN_FAILED : ExitCode.OK;
    }

    /** The counts, as {@code -o json} prints them. */
    Map<String, Object> summary() {
        Map<String, Object> summary = new java.util.LinkedHashMap<>();
        summary.put("packages", packages);
        summary.put("bundles", bundles);
        summary.put("unreadableBundles", unreadable);
        summary.put("channels", channels);
        summary.put("edges", edges);
        summary.put("downgradeEdges", downgrades);
        summary.put("uncheckedEdges", unchecked);
        summary.put("crdComparisons", comparisons);
        summary.put("edgesWithFindings", brokenEdges);
        summary.put("packagesWithFindings", brokenPackages);
        summary.put("findings", findings);
        Map<String, Integer> checks = new java.util.LinkedHashMap<>();
        byCheck.forEach((check, count) -> checks.put(check.wireName(), count));
        summary.put("findingsByCheck", checks);
        return summary;
    }

    /**
     * e.g. {@code 3 packages, 9 bundles, 4 channels: 7 upgrade edges checked (1 downgrade left out),
     * 5 CRD pairs compared; 2 edges of 1 package would break stored objects (6 findings)}.
     */
    String line() {
        StringBuilder line = new StringBuilder()
                .append(count(packages, "package")).append(", ").append(count(bundles, "bundle")).append(", ")
                .append(count(channels, "channel")).append(": ").append(count(edges, "upgrade edge")).append(" checked");
        if (downgrades > 0 || unchecked > 0) {
            line.append(" (");
            if (downgrades > 0) {
                line.append(count(downgrades, "downgrade")).append(" left out");
            }
            if (unchecked > 0) {
                line.append(downgrades > 0 ? ", " : "").append(unchecked).append(" not checked: a bundle unreadable");
            }
            line.append(')');
        }
        line.append(", ").append(count(comparisons, "CRD pair")).append(" compared; ");
        if (findings == 0) {
            line.append("no edge would break stored objects");
        } else {
            line.append(count(brokenEdges, "edge")).append(" of ").append(count(brokenPackages, "package"))
                    .append(" would break stored objects (").append(count(findings, "finding")).append(')');
        }
        if (unreadable > 0) {
            line.append("; ").append(count(unreadable, "bundle")).append(" could not be read");
        }
        return line.append('.').toString();
    }

    /** e.g. {@code existingFieldRemoval 12, enum 3}, most first; empty without findings. */
    String checksLine() {
        return byCheck.entrySet().stream().sorted(Map.Entry.<UpgradeCheck, Integer>comparingByValue().reversed())
                .map(entry -> entry.getKey().wireName() + " " + entry.getValue())
                .collect(java.util.stream.Collectors.joining(", "));
    }

    private static String count(int count, String noun) {
        return count + " " + noun + (count == 1 ? "" : "s");
    }
}
