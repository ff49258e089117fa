package dev.bundlectl.executor.install;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.cluster.time.Scheduler;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.api.ApiResource;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Waits for Deployments to report {@code Available=True} ({@code --wait}). Polls through the
 * executor's {@link Scheduler} (Vert.x timers, or virtual time in tests), so no thread blocks
 * while a Deployment rolls out.
 */
public final class DeploymentWait {

    /** The Deployments API, which the install package reads wherever it looks at a rollout. */
    static final ApiResource DEPLOYMENTS = new ApiResource("apps", "v1", "Deployment", "deployments", true);

    private final Context context;
    private final KubeApi api;
    private final Scheduler scheduler;
    private final Duration pollInterval;

    /**
     * @param vertx whose context the polls run on
     * @param api the cluster
     * @param scheduler the time source and timer, as for the executor
     * @param pollInterval how long to wait between reads of one Deployment
     */
    public DeploymentWait(Vertx vertx, KubeApi api, Scheduler scheduler, Duration pollInterval) {
        this.context = vertx.getOrCreateContext();
        this.api = api;
        this.scheduler = scheduler;
        this.pollInterval = pollInterval;
    }

    /**
     * Waits for every Deployment step's object, all at once, until each is Available or the
     * timeout passes. Never fails: a Deployment that does not become Available is reported so.
     *
     * @param onResult called (on a Vert.x thread) as each Deployment settles
     */
    public Future<List<DeploymentReadiness>> await(List<Step> deployments, Duration timeout,
            Consumer<DeploymentReadiness> onResult) {
        long deadline = scheduler.nanoTime() + timeout.toNanos();
        List<Future<DeploymentReadiness>> waits = new ArrayList<>();
        for (Step step : deployments) {
            Promise<DeploymentReadiness> promise = Promise.promise();
            poll(step.resource().namespace(), step.resource().name(), scheduler.nanoTime(), deadline, promise);
            waits.add(promise.future().onSuccess(onResult::accept));
        }
        return Future.join(waits).map(all -> waits.stream().map(Future::result).toList());
    }

    private void poll(String namespace, String name, long started, long deadline, Promise<DeploymentReadiness> done) {
        api.get(DEPLOYMENTS, namespace, name).onComplete(answer -> {
            Duration waited = Duration.ofNanos(scheduler.nanoTime() - started);
            String message = answer.succeeded() ? availableMessage(answer.result()) : answer.cause().getMessage();
            if (answer.succeeded() && isAvailable(answer.result())) {
                done.complete(new DeploymentReadiness(namespace, name, true, null, waited));
            } else if (scheduler.nanoTime() + pollInterval.toNanos() > deadline) {
                done.complete(new DeploymentReadiness(namespace, name, false, message, waited));
            } else {
                scheduler.sleep(context, pollInterval).onComplete(slept -> poll(namespace, name, started, deadline, done));
            }
        });
    }

    /**
     * Available, and rolled out as kubectl's {@code rollout status} judges it where the status says:
     * the controller has seen the latest spec and every replica runs it. An upgrade changes the
     * spec of a Deployment that is already Available, on its old ReplicaSet.
     */
    private static boolean isAvailable(JsonNode deployment) {
        JsonNode status = deployment.path("status");
        JsonNode generation = deployment.path("metadata").path("generation");
        if (generation.isNumber() && status.path("observedGeneration").isNumber()
                && status.path("observedGeneration").asLong() < generation.asLong()) {
            return false;
        }
        JsonNode replicas = deployment.path("spec").path("replicas");
        if (replicas.isNumber() && status.path("updatedReplicas").isNumber()
                && status.path("updatedReplicas").asInt() < replicas.asInt()) {
            return false;
        }
        for (JsonNode condition : deployment.path("status").path("conditions")) {
            if ("Available".equals(condition.path("type").asText()) && "True".equals(condition.path("status").asText())) {
                return true;
            }
        }
        return false;
    }

    private static String availableMessage(JsonNode deployment) {
        for (JsonNode condition : deployment.path("status").path("conditions")) {
            if ("Available".equals(condition.path("type").asText())) {
                return condition.path("message").asText(condition.path("reason").asText(null));
            }
        }
        return "no Available condition reported yet";
    }
}
