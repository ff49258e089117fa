package dev.bundlectl.executor.install;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.executor.records.RecordedStep;
import dev.bundlectl.plan.model.StepStatus;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether a recorded install's operator runs now, read live for {@code status NAME}: in OLM mode
 * OLM's phase, reason and message for the CSV; in render mode each rendered Deployment's ready
 * replicas. One line per object; an object that cannot be read says why.
 */
public final class OperatorHealth {

    private final KubeApi api;

    /** Health read through {@code api}. */
    public OperatorHealth(KubeApi api) {
        this.api = api;
    }

    /**
     * The lines for these recorded steps: the applied CSV when there is one (OLM mode), else the
     * applied Deployments; empty when there is neither.
     */
    public Future<List<String>> lines(List<RecordedStep> steps) {
        return lines(steps, null);
    }

    /**
     * As {@link #lines(List)}, for a record whose own CSV is {@code csvName}: the CSV an upgrade
     * replaced is listed too, as OLM has it while the new version installs (docs/semantics.md §9),
     * and said to be removed once OLM removed it.
     */
    public Future<List<String>> lines(List<RecordedStep> steps, String csvName) {
        List<RecordedStep> applied = steps.stream()
                .filter(step -> step.status() == StepStatus.CREATED || step.status() == StepStatus.PRESENT)
                .toList();
        List<RecordedStep> csvs = applied.stream().filter(step -> step.object().groupKind().isCsv()).toList();
        List<Future<String>> reads = new ArrayList<>();
        if (!csvs.isEmpty()) {
            csvs.forEach(csv -> reads.add(csvLine(csv, csvName != null && !csvName.equals(csv.object().name()))));
        } else {
            applied.stream().filter(step -> "Deployment".equals(step.object().kind())
                    && "apps".equals(step.object().group())).forEach(deployment -> reads.add(deploymentLine(deployment)));
        }
        return Future.join(reads).map(all -> reads.stream().map(Future::result).toList())
                .recover(failure -> Future.succeededFuture(reads.stream()
                        .map(read -> read.succeeded() ? read.result() : "unreadable: " + read.cause().getMessage())
                        .toList()));
    }

    private Future<String> csvLine(RecordedStep csv, boolean replaced) {
        String prefix = "ClusterServiceVersion " + csv.object().name() + (replaced ? " (replaced)" : "") + ": ";
        return api.get(CsvWait.CLUSTER_SERVICE_VERSIONS, csv.object().namespace(), csv.object().name())
                .map(object -> {
                    CsvPhase phase = CsvPhase.of(object);
                    StringBuilder line = new StringBuilder(prefix + phase.line());
                    phase.unmet().forEach(unmet -> line.append("\n  ").append(unmet));
                    return line.toString();
                })
                .recover(failure -> Future.succeededFuture(replaced && ApiException.isHttp(failure, 404)
                        ? prefix + "removed by OLM" : prefix + "cannot be read: " + failure.getMessage()));
    }

    private Future<String> deploymentLine(RecordedStep step) {
        String prefix = "Deployment " + step.object().name() + ": ";
        return api.get(DeploymentWait.DEPLOYMENTS, step.object().namespace(), step.object().name())
                .map(deployment -> {
                    JsonNode status = deployment.path("status");
                    int wanted = deployment.path("spec").path("replicas").asInt(1);
                    return prefix + "ready " + status.path("readyReplicas").asInt(0) + "/" + wanted
                            + ", available " + status.path("availableReplicas").asInt(0) + "/" + wanted;
                })
                .recover(failure -> Future.succeededFuture(prefix + "cannot be read: " + failure.getMessage()));
    }
}
