package dev.bundlectl.bench;

import dev.bundlectl.bench.install.BenchPlan;
import dev.bundlectl.bench.install.CriticalPathFloor;
import dev.bundlectl.bench.install.ExecutorInstall;
import dev.bundlectl.bench.install.InstallFailedException;
import dev.bundlectl.bench.install.InstallLatencyBench;
import dev.bundlectl.bench.install.InstallLatencyOptions;
import dev.bundlectl.bench.install.InstallLatencyTable;
import dev.bundlectl.bench.install.InstallStrategy;
import dev.bundlectl.bench.install.OneByOneCreate;
import dev.bundlectl.bench.install.RoundTripCheck;
import dev.bundlectl.bench.install.StrategyFigures;
import dev.bundlectl.bench.install.SyntheticBundle;
import dev.bundlectl.plan.model.InstallPlan;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * The install benchmark (issue 3 §6): a synthetic bundle installed into fabric8's CRUD mock API
 * server behind a loopback proxy that adds a fixed latency to every request, by bundlectl's
 * executor (default concurrency 8), by the same executor one step at a time, and by plain fabric8
 * {@code create()} calls one by one. Prints wall times, each strategy's critical-path floor and the
 * speed-ups; then the same at 0 ms added for context.
 *
 * <p>Run from anywhere:
 * {@code java -cp bench/target/benchmarks.jar dev.bundlectl.bench.InstallLatencyReport
 * [--latency-ms 20] [--objects 50] [--runs 5] [--warmups 2]}. See {@code bench/README.md}.
 */
public final class InstallLatencyReport {

    private static final String NAMESPACE = "bench";
    private static final int ROUND_TRIP_SAMPLES = 20;
    private static final int DEFAULT_CONCURRENCY = 8;

    private InstallLatencyReport() {
    }

    /** Runs the benchmark and prints the report; exit code 2 for bad options, 1 for a failed run. */
    public static void main(String[] args) {
        InstallLatencyOptions options;
        try {
            options = InstallLatencyOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("install-latency-report: " + e.getMessage());
            System.exit(2);
            return;
        }
        if (options.help()) {
            System.out.println(InstallLatencyOptions.USAGE);
            return;
        }
        // The mock server logs every start and stop at INFO; the report is the output here.
        Logger fabric8 = Logger.getLogger("io.fabric8");
        fabric8.setLevel(Level.WARNING);
        Path bundleDir = null;
        Vertx proxyVertx = Vertx.vertx();
        try {
            bundleDir = new SyntheticBundle().write(Files.createTempDirectory("bundlectl-install-bench"),
                    options.objects());
            InstallPlan plan = BenchPlan.of(bundleDir, NAMESPACE);
            report(options, plan, proxyVertx);
        } catch (IOException e) {
            System.err.println("install-latency-report: cannot write the benchmark bundle: " + e.getMessage());
            System.exit(1);
        } catch (IllegalStateException | InstallFailedException e) {
            System.err.println("install-latency-report: " + e.getMessage());
            System.exit(1);
        } finally {
            proxyVertx.close().toCompletionStage().toCompletableFuture().orTimeout(10, TimeUnit.SECONDS)
                    .exceptionally(slow -> null).join();
            deleteQuietly(bundleDir);
        }
    }

    private static void report(InstallLatencyOptions options, InstallPlan plan, Vertx proxyVertx)
            throws InstallFailedException {
        ExecutorInstall concurrent = new ExecutorInstall(DEFAULT_CONCURRENCY);
        ExecutorInstall sequential = new ExecutorInstall(1);
        List<InstallStrategy> strategies = List.of(concurrent, sequential, new OneByOneCreate());
        int coreObjects = options.objects() - SyntheticBundle.FOUNDATION_OBJECTS;
        print("install benchmark: synthetic bundle of %d objects (1 CSV, 2 CRDs, %d ConfigMaps/Secrets/Services/"
                + "ServiceAccounts/Roles/RoleBindings) into namespace %s", options.objects(), coreObjects, NAMESPACE);
        print("server: fabric8 CRUD mock (step-executor's MockCluster) behind a loopback proxy that holds every"
                + " request before forwarding it; fresh server, proxy and connection per install");
        print("%d warm-up + %d measured installs per strategy and latency, strategies interleaved; Java %s, %d CPUs",
                options.warmUps(), options.runs(), System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors());
        CriticalPathFloor.Rounds rounds = new CriticalPathFloor().rounds(plan, DEFAULT_CONCURRENCY);
        print("executor floor at concurrency %d: %d rounds = %d foundation (discovery, CRD read, CSV+CRD write, CRD Established read)"
                + " + %d discovery refresh + %d rest (discovery, then %d writes %d at a time)", DEFAULT_CONCURRENCY,
                rounds.total(), rounds.foundation(), rounds.refresh(), rounds.rest(), coreObjects, DEFAULT_CONCURRENCY);

        List<Long> latencies = options.latencyMillis() == 0 ? List.of(0L) : List.of(options.latencyMillis(), 0L);
        InstallLatencyBench bench = new InstallLatencyBench(proxyVertx);
        for (long latency : latencies) {
            RoundTripCheck.Result check = new RoundTripCheck(proxyVertx).measure(Duration.ofMillis(latency),
                    ROUND_TRIP_SAMPLES);
            System.out.println();
            print("proxy check at %d ms: GET /api median %.2f ms through the proxy, %.2f ms direct: adds %.2f ms"
                    + " (%d requests each)", latency, check.proxiedMillis(), check.directMillis(), check.addedMillis(),
                    check.samples());
            List<StrategyFigures> figures = bench.measure(plan, strategies, Duration.ofMillis(latency),
                    options.warmUps(), options.runs());
            InstallLatencyTable.lines(latency, figures, figures.get(strategies.indexOf(sequential)))
                    .forEach(System.out::println);
        }
    }

    private static void print(String pattern, Object... args) {
        System.out.println(String.format(Locale.ROOT, pattern, args));
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            System.err.println("install-latency-report: could not delete " + dir + ": " + e.getMessage());
        }
    }
}
