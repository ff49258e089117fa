package dev.bundlectl.controller.collect;

import dev.bundlectl.controller.runtime.WhileLeading;
import dev.bundlectl.executor.gc.GcOptions;
import dev.bundlectl.executor.gc.GcReport;
import dev.bundlectl.executor.gc.LeftoverCollector;
import dev.bundlectl.executor.waiting.Blocking;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs the collector on a schedule (docs/controller.md, "Collecting what is left behind"): first one
 * interval after this replica starts leading, then every interval, each run after the last one
 * ended. It deletes leftovers and keeps leftover CRDs, as {@code bundlectl gc --delete} does: a CRD
 * takes every custom resource of it along, which only a person decides. Each run waits on its own
 * thread, never on an event loop or a reconcile worker.
 */
public final class PeriodicCollection implements WhileLeading {

    private static final Logger LOG = Logger.getLogger(PeriodicCollection.class.getName());

    private final LeftoverCollector collector;
    private final Duration interval;
    private final CollectionReporter reporter;

    /**
     * @param collector finds and deletes leftovers, with the controller's own rights
     * @param interval how long between the end of one run and the start of the next
     * @param reporter says what each run did
     */
    public PeriodicCollection(LeftoverCollector collector, Duration interval, CollectionReporter reporter) {
        this.collector = Objects.requireNonNull(collector, "collector");
        this.interval = Objects.requireNonNull(interval, "interval");
        if (interval.isZero() || interval.isNegative()) {
            throw new IllegalArgumentException("the collection interval must be positive, not " + interval);
        }
        this.reporter = Objects.requireNonNull(reporter, "reporter");
    }

    @Override
    public AutoCloseable start() {
        ScheduledExecutorService runs = Executors.newSingleThreadScheduledExecutor(work -> {
            Thread thread = new Thread(work, "bundlectl-gc");
            thread.setDaemon(true);
            return thread;
        });
        runs.scheduleWithFixedDelay(this::runOnce, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
        return runs::shutdownNow;
    }

    /** One run: collect, then report. A failed run is logged and the schedule goes on. */
    void runOnce() {
        try {
            GcReport report = Blocking.result(collector.collect(new GcOptions(true, false)));
            reporter.report(report);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "collecting what installs left behind failed: " + e.getMessage());
        }
    }
}
