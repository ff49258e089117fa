package dev.bundlectl.cli;

import dev.bundlectl.executor.StepEvent;
import dev.bundlectl.executor.install.InstallRejectedException;
import dev.bundlectl.executor.lock.LockState;
import dev.bundlectl.executor.pipeline.InstallPipeline;
import dev.bundlectl.executor.pipeline.InstallSettings;
import dev.bundlectl.executor.pipeline.PipelineListener;
import dev.bundlectl.executor.pipeline.PipelineOutcome;
import dev.bundlectl.executor.planning.ClusterReading;
import dev.bundlectl.plan.planned.PlannedInstall;
import java.io.PrintWriter;
import java.util.function.UnaryOperator;

/**
 * One plan installed through the {@link InstallPipeline}, the command line's side of it: the steps'
 * progress printed as they go (on stdout for a table or jsonl, else on stderr), the wait's lines on
 * stderr, and the end worded by {@link InstallReport}.
 */
final class PlanInstall {

    /**
     * How an install ended for the command.
     *
     * @param exitCode the exit code; {@link LockWaiting#HELD} when the lock stopped it
     * @param lockedOut the lock as the install found it when it could not take it, nothing written
     *     (the caller waits for it, plans again, or stops); null otherwise
     */
    record Ended(int exitCode, LockState lockedOut) {

        /** Whether the lock kept the install from writing anything. */
        boolean locked() {
            return lockedOut != null;
        }
    }

    private final InstallPipeline pipeline;
    private final InstallFlags flags;
    private final PrintWriter out;
    private final PrintWriter err;

    PlanInstall(InstallPipeline pipeline, InstallFlags flags, PrintWriter out, PrintWriter err) {
        this.pipeline = pipeline;
        this.flags = flags;
        this.out = out;
        this.err = err;
    }

    /**
     * Installs {@code planned} as planning read the cluster ({@code reading}: the previous install
     * and the lock), waiting for it to run when {@code untilRunning}.
     *
     * @param namespace the target namespace (a reviewed plan's own namespace counts first)
     */
    Ended install(PlannedInstall planned, ClusterReading reading, String namespace, boolean untilRunning) {
        return install(planned, reading, namespace, untilRunning, UnaryOperator.identity());
    }

    /**
     * Installs {@code planned} as {@link #install(PlannedInstall, ClusterReading, String, boolean)}
     * does, the pipeline's settings first given to {@code adjust} (an adoption's, which says whose
     * OLM's objects are).
     */
    Ended install(PlannedInstall planned, ClusterReading reading, String namespace, boolean untilRunning,
            UnaryOperator<InstallSettings> adjust) {
        boolean progressToStdout = flags.output() == OutputFormat.TABLE || flags.output() == OutputFormat.JSONL;
        ProgressPrinter progress = new ProgressPrinter(progressToStdout ? out : err,
                flags.output() == OutputFormat.JSONL, planned.plan().steps().size());
        PipelineOutcome ended;
        try {
            ended = progress.printUntil(pipeline.install(planned, reading,
                    adjust.apply(flags.settingsFor(planned.plan(), namespace, untilRunning)), new Printed(progress, err)));
        } catch (InstallRejectedException e) {
            throw new UserInputException(e.getMessage());
        }
        if (ended instanceof PipelineOutcome.LockHeld held) {
            return new Ended(LockWaiting.HELD, held.lock());
        }
        return new Ended(new InstallReport(flags, out, err).print(ended, untilRunning), null);
    }

    /**
     * Step events queued for the main thread to print; the wait's lines printed at once, a line at
     * a time, since they come seldom and after the last step.
     */
    private record Printed(ProgressPrinter progress, PrintWriter err) implements PipelineListener {

        @Override
        public void step(StepEvent event) {
            progress.accept(event);
        }

        @Override
        public void waiting(String line) {
            synchronized (err) {
                err.println(TerminalText.safe(line));
                err.flush();
            }
        }
    }
}
