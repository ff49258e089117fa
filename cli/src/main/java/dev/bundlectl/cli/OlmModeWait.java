package dev.bundlectl.cli;

import dev.bundlectl.executor.connect.ClusterConnection;
import dev.bundlectl.executor.install.CsvPhase;
import dev.bundlectl.executor.install.CsvWait;
import dev.bundlectl.executor.install.CsvWaitOutcome;
import dev.bundlectl.executor.time.Scheduler;
import dev.bundlectl.executor.waiting.Blocking;
import dev.bundlectl.plan.model.Step;
import java.io.PrintWriter;
import java.time.Duration;

/**
 * {@code install --wait} in OLM mode: waits until OLM takes the installed CSV to
 * {@code Succeeded}, printing OLM's phase, reason and message as they change, and on
 * {@code Failed} or at the deadline its unmet requirements, verbatim (docs/semantics.md §6).
 */
final class OlmModeWait {

    // OLM moves a CSV on within a second of its Deployments becoming available; a person waits for it.
    private static final Duration POLL = Duration.ofMillis(500);

    private final ClusterConnection connection;
    private final PrintWriter err;

    OlmModeWait(ClusterConnection connection, PrintWriter err) {
        this.connection = connection;
        this.err = err;
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
