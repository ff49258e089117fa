package dev.bundlectl.bench;

import dev.bundlectl.plan.config.ConfigRequest;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Planning the dev corpus against only parsing its YAML. One operation is one pass over every
 * bundle, so {@code ms/op} converts directly: bundles/s = bundles × 1000 / (ms/op), and MB/s
 * likewise with the corpus's bytes ({@link CorpusStats}, printed at setup).
 *
 * <p>Sized for a shared 2-core machine: one fork, 3 × 5 s warm-up and 5 × 5 s measurement per
 * benchmark, so all four finish in about three and a half minutes.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 5, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 5, timeUnit = TimeUnit.SECONDS)
public class PlanningBenchmark {

    /**
     * The corpus directory (holding {@code dev/}); empty means the system property
     * {@value CorpusLocation#PROPERTY}, else {@value CorpusLocation#DEFAULT} from the working
     * directory. Set with {@code -p corpus=/path}.
     */
    @Param("")
    public String corpus;

    private BenchCorpus bundles;
    private ConfigRequest config;
    private final CorpusWorkloads workloads = new CorpusWorkloads();

    /** Scans the corpus once per run, outside the measurement. */
    @Setup(Level.Trial)
    public void scanCorpus() {
        bundles = BenchCorpus.scan(CorpusLocation.resolve(corpus));
        CorpusStats stats = CorpusStats.of(bundles);
        config = BenchConfig.infraNodes();
        // JMH has already printed the first iteration's prefix: no newline, so its score follows this.
        System.out.printf("(corpus %s: %d bundles, %d files, %.1f MB) ", bundles.root(), stats.bundles(),
                stats.files(), stats.megabytes());
    }

    /** Read, plan, redact and write YAML for every bundle: {@code bundlectl plan -o yaml}. */
    @Benchmark
    public int planCorpus(Blackhole blackhole) {
        return workloads.planAll(bundles, blackhole::consume);
    }

    /**
     * {@link #planCorpus} with an operator configuration of every kind of field, merged into every
     * CSV: what {@code --config} adds to a plan, per bundle, once the code is warm.
     */
    @Benchmark
    public int planCorpusWithConfig(Blackhole blackhole) {
        return workloads.planAll(bundles, blackhole::consume, config);
    }

    /** Only read every bundle into the model. */
    @Benchmark
    public int readOnly(Blackhole blackhole) {
        return workloads.readAll(bundles, blackhole::consume);
    }

    /** Only parse the same files with a plain Jackson YAMLMapper: the baseline. */
    @Benchmark
    public int parseYamlOnly(Blackhole blackhole) {
        return workloads.parseAll(bundles, blackhole::consume);
    }
}
