package dev.bundlectl.executor.install;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.cluster.time.Scheduler;
import dev.bundlectl.plan.api.ApiResource;
import io.vertx.core.AsyncResult;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * Waits until OLM takes a CSV to {@code Succeeded} ({@code install --wait} in OLM mode,
 * docs/semantics.md §6): polls the CSV through the executor's {@link Scheduler}, so no thread
 * blocks, and reports each change of OLM's phase, reason or message as it is seen. {@code Failed}
 * ends the wait at once; OLM does retry a failed CSV, but only on its resync, and a person is
 * better told now.
 */
public final class CsvWait {

    /** The CSV's API. */
    public static final ApiResource CLUSTER_SERVICE_VERSIONS = new ApiResource("operators.coreos.com", "v1alpha1",
            "ClusterServiceVersion", "clusterserviceversions", true);

    private final Context context;
    private final KubeApi api;
    private final Scheduler scheduler;
    private final Duration pollInterval;

    /**
     * @param vertx whose context the polls run on
     * @param api the cluster
     * @param scheduler the time source and timer
     * @param pollInterval how long to wait between reads
     */
    public CsvWait(Vertx vertx, KubeApi api, Scheduler scheduler, Duration pollInterval) {
        this.context = vertx.getOrCreateContext();
        this.api = api;
        this.scheduler = scheduler;
        this.pollInterval = pollInterval;
    }

    /**
     * Waits for the CSV {@code namespace/name}. Never fails: every ending is an outcome.
     *
     * @param onChange called (on a Vert.x thread) with each new phase, reason or message
     */
    public Future<CsvWaitOutcome> await(String namespace, String name, Duration timeout, Consumer<CsvPhase> onChange) {
        long started = scheduler.nanoTime();
        Promise<CsvWaitOutcome> done = Promise.promise();
        context.runOnContext(start -> poll(namespace, name, new Progress(started, started + timeout.toNanos(), onChange),
                done));
        return done.future();
    }

    private void poll(String namespace, String name, Progress progress, Promise<CsvWaitOutcome> done) {
        api.get(CLUSTER_SERVICE_VERSIONS, namespace, name).onComplete(answer -> {
            CsvWaitOutcome outcome = progress.next(answer, scheduler.nanoTime(), pollInterval.toNanos());
            if (outcome != null) {
                done.complete(outcome);
            } else {
                scheduler.sleep(context, pollInterval).onComplete(slept -> poll(namespace, name, progress, done));
            }
        });
    }

    /** The wait's state between polls; only ever touched on the wait's context. */
    private static final class Progress {
        private final long started;
        private final long deadline;
        private final Consumer<CsvPhase> onChange;
        private CsvPhase last;
        private String lastError;

        Progress(long started, long deadline, Consumer<CsvPhase> onChange) {
            this.started = started;
            this.deadline = deadline;
            this.onChange = onChange;
        }

        /** The outcome after this answer, or null to poll again. */
        CsvWaitOutcome next(AsyncResult<ObjectNode> answer, long now, long interval) {
            Duration waited = Duration.ofNanos(now - started);
            if (answer.succeeded()) {
                CsvPhase phase = CsvPhase.of(answer.result());
                if (phase.differsFrom(last)) {
                    onChange.accept(phase);
                }
                last = phase;
                if (phase.succeeded()) {
                    return new CsvWaitOutcome.Running(phase, waited);
                }
                if (phase.failed()) {
                    return new CsvWaitOutcome.Failed(phase, waited);
                }
            } else {
                lastError = answer.cause().getMessage();
            }
            if (now + interval <= deadline) {
                return null;
            }
            return last == null ? new CsvWaitOutcome.Unreadable(null, waited, lastError)
                    : new CsvWaitOutcome.TimedOut(last, waited);
        }
    }
}
