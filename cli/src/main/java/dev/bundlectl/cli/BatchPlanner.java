package dev.bundlectl.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Plans many bundles on a pool sized to the machine's cores (planning is pure CPU) and to the heap,
 * and hands each result on in input order. Only the pool's threads hold a bundle being planned;
 * what runs ahead of the printing is at most {@link #AHEAD_PER_THREAD} per thread, each either a
 * path waiting for a thread or a finished summary waiting for its turn, so memory stays bounded by
 * the pool, not by the catalog.
 */
final class BatchPlanner {

    /**
     * How far planning may run ahead of the printing. A summary is a few short lines, so the
     * window can be wide: one slow bundle (a catalog has bundles that take 50 times the median)
     * then holds up the output, not the other threads. With two per thread, the other core sat idle
     * behind every slow bundle.
     */
    static final int AHEAD_PER_THREAD = 64;

    private final int threads;
    private final Function<Path, BundleSummary> judge;

    /**
     * @param threads how many bundles are planned at once (at least 1)
     * @param judge plans one bundle; must not throw for a bad bundle, and must be safe to call from
     *     several threads at once
     */
    BatchPlanner(int threads, Function<Path, BundleSummary> judge) {
        this.threads = Math.max(1, threads);
        this.judge = judge;
    }

    /**
     * Heap a planning thread may need: the largest catalog bundles (7 MB of YAML) need about 40 MB
     * while planned. The launcher's batch heap (256 MB) thus runs four threads at most, however
     * many cores the machine has.
     */
    static final long HEAP_PER_THREAD = 64L << 20;

    /** A planner with one thread per available core, as many as the maximum heap holds. */
    static BatchPlanner perCore(Function<Path, BundleSummary> judge) {
        Runtime runtime = Runtime.getRuntime();
        return new BatchPlanner(threadsFor(runtime.availableProcessors(), runtime.maxMemory()), judge);
    }

    /** One thread per core, at most one per {@link #HEAP_PER_THREAD} of {@code maxHeap}, at least one. */
    static int threadsFor(int cores, long maxHeap) {
        return (int) Math.max(1, Math.min(cores, maxHeap / HEAP_PER_THREAD));
    }

    /** Plans every directory and passes each result to {@code sink}, in the order of {@code directories}. */
    void planAll(List<Path> directories, Consumer<BatchResult> sink) {
        InOrderPool.run(threads, threads * AHEAD_PER_THREAD, directories, this::timed, sink, "bundlectl-plan");
    }

    /** Plans one bundle on the calling thread, timing it there: the time is the bundle's own. */
    private BatchResult timed(Path directory) {
        long start = System.nanoTime();
        BundleSummary summary = judge.apply(directory);
        return new BatchResult(summary, (System.nanoTime() - start) / 1_000_000);
    }
}
