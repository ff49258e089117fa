package dev.bundlectl.bench.install;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.NamespaceableResource;

/**
 * The naive baseline: what a simple tool would do with fabric8 alone. For each step in plan
 * order, {@code client.resource(manifest).create()}, blocking until it answers; no waiting for
 * CRDs, no discovery of its own (fabric8 asks discovery for kinds it has no class for). The client
 * is the connection's, on the Vert.x HTTP client.
 */
public record OneByOneCreate() implements InstallStrategy {

    @Override
    public String label() {
        return "fabric8 resource().create() one by one";
    }

    @Override
    public int concurrency() {
        return 1;
    }

    /** Every request waits for the one before: the floor is one round per request sent. */
    @Override
    public int floorRounds(InstallPlan plan, long requestsSent) {
        return Math.toIntExact(requestsSent);
    }

    @Override
    public void install(ClusterConnection cluster, InstallPlan plan) throws InstallFailedException {
        for (Step step : SentSteps.of(plan)) {
            StepResource resource = step.resource();
            try {
                NamespaceableResource<HasMetadata> object = cluster.client().resource(resource.manifest());
                if (resource.namespace() != null) {
                    object.inNamespace(resource.namespace()).create();
                } else {
                    object.create();
                }
            } catch (KubernetesClientException e) {
                throw new InstallFailedException("creating " + resource.displayName() + " failed: " + e.getMessage(), e);
            }
        }
    }
}
