package dev.bundlectl.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Turns per-pass benchmark figures into what people ask about: bundles per second, megabytes per
 * second, heap allocated per pass and per bundle, and how many times slower planning is than only
 * parsing the same YAML.
 */
public final class ThroughputTable {

    /** The benchmark that plans the corpus. */
    public static final String PLAN = "planCorpus";
    /** The benchmark that only reads bundles. */
    public static final String READ = "readOnly";
    /** The parse-only baseline. */
    public static final String PARSE = "parseYamlOnly";

    private static final String ROW = "%-14s %16s %11s %9s %14s %12s";

    private ThroughputTable() {
    }

    /**
     * The report's lines.
     *
     * @param corpusRoot the corpus measured
     * @param stats its size
     * @param figures whichever benchmarks ran; ratios are printed only when both sides ran
     */
    public static List<String> lines(Path corpusRoot, CorpusStats stats, List<BenchmarkFigures> figures) {
        List<String> lines = new ArrayList<>();
        lines.add(format("corpus %s: %d bundles, %d files, %.1f MB (1 MB = 10^6 bytes)", corpusRoot,
                stats.bundles(), stats.files(), stats.megabytes()));
        lines.add(String.format(Locale.ROOT, ROW, "benchmark", "ms/pass", "bundles/s", "MB/s", "alloc MB/pass",
                "alloc MB/bdl"));
        for (BenchmarkFigures each : figures) {
            lines.add(String.format(Locale.ROOT, ROW, each.name(), millis(each),
                    format("%.1f", stats.bundlesPerSecond(each.millisPerPass())),
                    format("%.1f", stats.megabytesPerSecond(each.millisPerPass())),
                    megabytes(each.allocatedBytesPerPass()),
                    megabytes(each.allocatedBytesPerPass() / stats.bundles())));
        }
        ratio(figures, PLAN, PARSE).ifPresent(r -> lines.add(format("plan / parse-only: %.2fx the time", r)));
        ratio(figures, READ, PARSE).ifPresent(r -> lines.add(format("read / parse-only: %.2fx the time", r)));
        ratio(figures, PLAN, READ).ifPresent(r -> lines.add(format("plan / read-only:  %.2fx the time", r)));
        return lines;
    }

    /** How many times longer benchmark {@code slow} took per pass than {@code base}, if both ran. */
    public static Optional<Double> ratio(List<BenchmarkFigures> figures, String slow, String base) {
        Optional<BenchmarkFigures> numerator = find(figures, slow);
        Optional<BenchmarkFigures> denominator = find(figures, base);
        if (numerator.isEmpty() || denominator.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(numerator.get().millisPerPass() / denominator.get().millisPerPass());
    }

    private static Optional<BenchmarkFigures> find(List<BenchmarkFigures> figures, String name) {
        return figures.stream().filter(each -> each.name().equals(name)).findFirst();
    }

    private static String millis(BenchmarkFigures figures) {
        if (Double.isNaN(figures.millisError())) {
            return format("%.1f", figures.millisPerPass());
        }
        return format("%.1f ± %.1f", figures.millisPerPass(), figures.millisError());
    }

    private static String megabytes(double bytes) {
        return Double.isNaN(bytes) ? "-" : format("%.2f", bytes / CorpusStats.BYTES_PER_MB);
    }

    private static String format(String pattern, Object... args) {
        return String.format(Locale.ROOT, pattern, args);
    }
}
