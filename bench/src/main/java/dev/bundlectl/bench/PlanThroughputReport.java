package dev.bundlectl.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.ProfilerConfig;

/**
 * Runs {@link PlanningBenchmark} with JMH's GC profiler and prints the derived figures: bundles/s,
 * MB/s, heap allocated per pass and the plan / parse-only ratio ({@link ThroughputTable}).
 *
 * <p>Run from the repository root:
 * {@code java -cp bench/target/benchmarks.jar dev.bundlectl.bench.PlanThroughputReport [JMH options]}.
 * Any JMH command-line option works (for instance {@code planCorpus} to run one benchmark,
 * {@code -wi 1 -i 2} for a quick look, {@code -jvmArgsAppend -Xmx64m} for a small heap); mode
 * and time unit are fixed so that the conversion holds.
 */
public final class PlanThroughputReport {

    /** JMH 1.37's label for bytes allocated per operation; older versions prefix a middle dot. */
    static final String ALLOC_NORM = "gc.alloc.rate.norm";

    private PlanThroughputReport() {
    }

    /**
     * Runs the benchmarks and prints JMH's output followed by the report.
     *
     * @throws IOException only when printing the help fails
     */
    public static void main(String[] args) throws IOException {
        CommandLineOptions command;
        try {
            command = new CommandLineOptions(args);
        } catch (CommandLineOptionException e) {
            System.err.println("plan-throughput-report: " + e.getMessage());
            System.exit(2);
            return;
        }
        if (command.shouldHelp()) {
            command.showHelp();
            return;
        }
        Path corpusRoot;
        try {
            corpusRoot = CorpusLocation.resolve(explicitCorpus(command));
        } catch (IllegalArgumentException e) {
            System.err.println("plan-throughput-report: " + e.getMessage());
            System.exit(2);
            return;
        }
        CorpusStats stats = CorpusStats.of(BenchCorpus.scan(corpusRoot));

        ChainedOptionsBuilder options = new OptionsBuilder().parent(command)
                .mode(Mode.AverageTime)
                .timeUnit(TimeUnit.MILLISECONDS)
                // Pass the resolved path explicitly: the forks may not see this JVM's -D options
                // (-jvmArgs replaces them).
                .param("corpus", corpusRoot.toString());
        if (command.getIncludes().isEmpty()) {
            options.include(PlanningBenchmark.class.getName() + "\\.");
        }
        if (!hasGcProfiler(command)) {
            options.addProfiler(GCProfiler.class);
        }
        Collection<RunResult> results;
        try {
            results = new Runner(options.build()).run();
        } catch (RunnerException e) {
            System.err.println("plan-throughput-report: the benchmark run failed: " + e.getMessage());
            System.exit(1);
            return;
        }
        System.out.println();
        for (String line : ThroughputTable.lines(corpusRoot, stats, figures(results))) {
            System.out.println(line);
        }
    }

    /** The benchmarks' figures in the order they ran; benchmarks that produced no score are left out. */
    static List<BenchmarkFigures> figures(Collection<RunResult> results) {
        List<BenchmarkFigures> figures = new ArrayList<>();
        for (RunResult run : results) {
            Result<?> primary = run.getPrimaryResult();
            if (primary == null || !(primary.getScore() > 0)) {
                continue;
            }
            String benchmark = run.getParams().getBenchmark();
            String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
            figures.add(new BenchmarkFigures(method, primary.getScore(), primary.getScoreError(),
                    allocatedBytes(run)));
        }
        return figures;
    }

    private static double allocatedBytes(RunResult run) {
        // Looked up by label rather than by entry: JMH declares the map with the raw Result type.
        for (String label : run.getSecondaryResults().keySet()) {
            if (label.replace("\u00b7", "").equals(ALLOC_NORM)) {
                return run.getSecondaryResults().get(label).getScore();
            }
        }
        return Double.NaN;
    }

    private static String explicitCorpus(CommandLineOptions command) {
        // JMH's own Optional, not java.util's.
        org.openjdk.jmh.util.Optional<Collection<String>> given = command.getParameter("corpus");
        return given.hasValue() && !given.get().isEmpty() ? given.get().iterator().next() : null;
    }

    private static boolean hasGcProfiler(CommandLineOptions command) {
        for (ProfilerConfig profiler : command.getProfilers()) {
            String name = profiler.getKlass();
            if (name.equals("gc") || name.equals(GCProfiler.class.getName())) {
                return true;
            }
        }
        return false;
    }
}
