package dev.bundlectl.cli;

import dev.bundlectl.executor.connect.ClusterConnection;
import dev.bundlectl.executor.install.CsvPhase;
import dev.bundlectl.executor.install.CsvWait;
import dev.bundlectl.executor.install.CsvWaitOutcome;
import dev.bundlectl.executor.time.Scheduler;
import dev.bundlectl.executor.waiting.Blocking;
import dev.bundlectl.plan.PlanAnnotations;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Optional;

/**
 * {@code install --wait} in OLM mode: waits until OLM takes the installed CSV to
 * {@code Succeeded}, printing OLM's phase, reason and message as they change, and on
 * {@code Failed} or at the deadline its unmet requirements, verbatim (docs/semantics.md §6).
 */
final class OlmModeWait {

    private static final Duration POLL = Duration.ofSeconds(1);

    private final ClusterConnection connection;
    private final PrintWriter err;

    OlmModeWait(ClusterConnection connection, PrintWriter err) {
        this.connection = connection;
        this.err = err;
    }

    /**
     * The CSV step that OLM acts on: an applied CSV of a plan not in render mode; empty otherwise
     * (render mode waits for its own Deployments).
     */
    static Optional<Step> csvStep(InstallPlan plan) {
        if ("render".equals(plan.metadata().annotations().get(PlanAnnotations.CSV_MODE))) {
            return Optional.empty();
        }
        return plan.steps().stream()
                .filter(step -> step.resource().groupKind().isCsv())
                .filter(step -> step.status() == StepStatus.CREATED || step.status() == StepStatus.PRESENT)
                .findFirst();
    }

    /** Waits from the calling (non-event-loop) thread and reports; the outcome decides the exit status. */
    CsvWaitOutcome await(Step csv, Duration timeout) {
        String name = csv.resource().namespace() + "/" + csv.resource().name();
        err.println("waiting up to " + timeout.toSeconds() + "s for OLM to report ClusterServiceVersion " + name
                + " Succeeded");
        err.flush();
        CsvWaitOutcome outcome = Blocking.result(new CsvWait(connection.vertx(), connection.api(), Scheduler.system(),
                POLL).await(csv.resource().namespace(), csv.resource().name(), timeout, this::report));
        if (outcome.running()) {
            err.println("operator running: " + name + " " + outcome.last().line() + " (after "
                    + outcome.waited().toMillis() / 100 / 10.0 + "s)");
        } else if (outcome instanceof CsvWaitOutcome.Unreadable unreadable) {
            err.println("error: cannot read ClusterServiceVersion " + name + ": " + unreadable.error());
        } else {
            err.println("error: the operator is not running: OLM reports " + name + " "
                    + TerminalText.safe(outcome.last().line())
                    + (outcome instanceof CsvWaitOutcome.TimedOut ? " after " + timeout.toSeconds() + "s" : ""));
            outcome.last().unmet().forEach(unmet -> err.println("  " + TerminalText.safe(unmet)));
        }
        err.flush();
        return outcome;
    }

    private synchronized void report(CsvPhase phase) {
        err.println("OLM: " + TerminalText.safe(phase.line()));
        err.flush();
    }
}
