package dev.bundlectl.bench.install;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The install benchmark's table at one latency: requests, floor, wall times, the ratio of the
 * median to the floor, and the speed-up against a reference strategy (the one-by-one apply).
 */
public final class InstallLatencyTable {

    private static final String ROW = "%-42s %8s %7s %9s %10s %9s %9s %12s %9s";

    private InstallLatencyTable() {
    }

    /**
     * The table's lines.
     *
     * @param latencyMillis the latency added to every request
     * @param figures the strategies measured
     * @param reference the strategy the speed-up is against; one of {@code figures}
     */
    public static List<String> lines(long latencyMillis, List<StrategyFigures> figures, StrategyFigures reference) {
        Objects.requireNonNull(reference, "reference");
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, ROW, "strategy (" + latencyMillis + " ms added per request)", "requests",
                "rounds", "floor ms", "median ms", "min ms", "max ms", "median/floor", "speed-up"));
        for (StrategyFigures each : figures) {
            double floor = each.floorMillis(latencyMillis);
            lines.add(String.format(Locale.ROOT, ROW, each.label(), each.requests(), each.floorRounds(),
                    format("%.0f", floor), format("%.1f", each.medianMillis()), format("%.1f", each.minMillis()),
                    format("%.1f", each.maxMillis()),
                    floor > 0 ? format("%.2fx", each.medianMillis() / floor) : "-",
                    format("%.2fx", reference.medianMillis() / each.medianMillis())));
        }
        lines.add("speed-up = median of \"" + reference.label() + "\" / median of the row; rounds = request rounds"
                + " one after another that the strategy's design needs; floor = rounds x added latency");
        if (latencyMillis > 0) {
            lines.addAll(heldLines(figures));
        }
        return lines;
    }

    /**
     * What the proxy really added, and the floors again at that: each request's hold from its
     * arrival to its forwarding over every measured install (timers fire a little late, never
     * early), then each strategy's rounds times the median hold.
     */
    private static List<String> heldLines(List<StrategyFigures> figures) {
        HoldTimes held = HoldTimes.combine(figures.stream()
                .flatMap(each -> each.samples().stream())
                .map(Sample::holds)
                .toList());
        if (held.count() == 0) {
            return List.of();
        }
        StringBuilder floors = new StringBuilder();
        StringBuilder ratios = new StringBuilder();
        for (StrategyFigures each : figures) {
            double floor = each.floorRounds() * held.medianMillis();
            floors.append(floors.length() == 0 ? "" : " / ").append(format("%.1f", floor));
            ratios.append(ratios.length() == 0 ? "" : " / ").append(format("%.2fx", each.medianMillis() / floor));
        }
        return List.of(
                format("proxy hold per request (%d requests): min %.2f ms, median %.2f ms, max %.2f ms", held.count(),
                        held.minMillis(), held.medianMillis(), held.maxMillis()),
                format("floors at the median hold: %s ms; median/floor %s", floors, ratios));
    }

    private static String format(String pattern, Object... args) {
        return String.format(Locale.ROOT, pattern, args);
    }
}
