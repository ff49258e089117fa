package dev.bundlectl.bench;

import java.util.Objects;

/**
 * One benchmark's measured figures, as {@link PlanThroughputReport} takes them from JMH.
 *
 * @param name the benchmark method ({@code planCorpus}, {@code readOnly}, {@code parseYamlOnly})
 * @param millisPerPass average time of one pass over the corpus
 * @param millisError JMH's 99.9% confidence half-width for {@code millisPerPass}, NaN if unknown
 * @param allocatedBytesPerPass heap allocated per pass ({@code gc.alloc.rate.norm}), NaN when the
 *     GC profiler did not run
 */
public record BenchmarkFigures(String name, double millisPerPass, double millisError, double allocatedBytesPerPass) {

    public BenchmarkFigures {
        Objects.requireNonNull(name, "name");
        if (!(millisPerPass > 0)) {
            throw new IllegalArgumentException(name + ": time per pass must be positive, got " + millisPerPass);
        }
    }
}
