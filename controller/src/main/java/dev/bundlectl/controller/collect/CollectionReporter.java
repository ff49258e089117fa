package dev.bundlectl.controller.collect;

import dev.bundlectl.controller.reconcile.EventRecorder;
import dev.bundlectl.executor.gc.GcOutcome;
import dev.bundlectl.executor.gc.GcReport;
import io.fabric8.kubernetes.api.model.ObjectReference;
import java.util.logging.Logger;

/**
 * Says what one run of the collector did: every deletion, kept CRD and failure in the log, and each
 * deletion and failure as an event on the controller itself (its Pod, or the leader-election Lease
 * when it runs outside a Pod; none when it has neither). A kept CRD is found again by every run, so
 * it is logged, not recorded: an event each interval would bury the deletions. Runs that found
 * nothing log one line at FINE and record nothing.
 */
public final class CollectionReporter {

    private static final Logger LOG = Logger.getLogger(CollectionReporter.class.getName());

    private final EventRecorder events;
    private final ObjectReference controller;

    /**
     * @param events writes the events
     * @param controller the object that stands for the controller in events, or null for the log only
     */
    public CollectionReporter(EventRecorder events, ObjectReference controller) {
        this.events = events;
        this.controller = controller;
    }

    /** Whether deletions become events too, rather than log lines alone. */
    public boolean recordsEvents() {
        return controller != null;
    }

    /** Logs and records {@code report}. */
    public void report(GcReport report) {
        for (GcOutcome outcome : report.outcomes()) {
            boolean failed = outcome instanceof GcOutcome.Failed;
            String line = outcome.line();
            if (failed) {
                LOG.warning(line);
            } else {
                LOG.info(line);
            }
            if (controller != null && (failed || outcome instanceof GcOutcome.Deleted)) {
                events.on(controller, failed ? "Warning" : "Normal", reason(outcome), line);
            }
        }
        report.unreadable().forEach(line -> LOG.warning("not collected: " + line));
        if (report.outcomes().isEmpty()) {
            LOG.fine("nothing left behind" + (report.unreadable().isEmpty() ? "" : " in what could be read"));
        }
    }

    private static String reason(GcOutcome outcome) {
        return outcome instanceof GcOutcome.Deleted ? "LeftoverDeleted" : "LeftoverNotDeleted";
    }
}
