package dev.bundlectl.cli;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Plans many bundles on a pool sized to the machine's cores (planning is pure CPU) and hands each
 * summary on in input order. At most {@link #AHEAD_PER_THREAD} bundles per thread are in flight or
 * waiting to be handed on, so memory stays bounded by the pool, not by the catalog.
 */
final class BatchPlanner {

    /** How far planning may run ahead of the printing: enough to keep every thread busy. */
    static final int AHEAD_PER_THREAD = 2;

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

    /** A planner with one thread per available core. */
    static BatchPlanner perCore(Function<Path, BundleSummary> judge) {
        return new BatchPlanner(Runtime.getRuntime().availableProcessors(), judge);
    }

    /** Plans every directory and passes each summary to {@code sink}, in the order of {@code directories}. */
    void planAll(List<Path> directories, Consumer<BundleSummary> sink) {
        if (threads == 1 || directories.size() == 1) {
            directories.forEach(directory -> sink.accept(judge.apply(directory)));
            return;
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, directories.size()), planningThreads());
        try {
            Deque<Future<BundleSummary>> inFlight = new ArrayDeque<>();
            Iterator<Path> next = directories.iterator();
            int window = threads * AHEAD_PER_THREAD;
            while (next.hasNext() || !inFlight.isEmpty()) {
                while (next.hasNext() && inFlight.size() < window) {
                    Path directory = next.next();
                    inFlight.add(pool.submit(() -> judge.apply(directory)));
                }
                sink.accept(await(inFlight.removeFirst()));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static BundleSummary await(Future<BundleSummary> summary) {
        try {
            return summary.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while planning bundles", e);
        } catch (ExecutionException e) {
            // The judge turns every bundle's failure into a summary; this is a bug (or an Error).
            Throwable cause = e.getCause();
            if (cause instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException("planning a bundle failed: " + cause, cause);
        }
    }

    /** Daemon threads, so that a failing run still exits; named, for thread dumps and profiles. */
    private static ThreadFactory planningThreads() {
        AtomicInteger count = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, "bundlectl-plan-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
