package dev.bundlectl.executor.install;

import dev.bundlectl.executor.discovery.Discovery;
import dev.bundlectl.executor.kube.KubeApi;
import dev.bundlectl.executor.records.CreatedObject;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.plan.InstallPlan;
import dev.bundlectl.plan.Step;
import dev.bundlectl.plan.StepResource;
import dev.bundlectl.plan.StepStatus;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads back the uid and resourceVersion of every object the run created, so that uninstall can
 * later tell this install's objects from ones that replaced them.
 */
final class CreatedObjectCollector {

    private final KubeApi api;
    private final Discovery discovery;

    CreatedObjectCollector(KubeApi api, Discovery discovery) {
        this.api = api;
        this.discovery = discovery;
    }

    /** The created objects in step order; an object that cannot be read back is kept without a uid. */
    Future<List<CreatedObject>> collect(InstallPlan plan) {
        List<Future<CreatedObject>> lookups = new ArrayList<>();
        for (Step step : plan.steps()) {
            if (step.status() == StepStatus.CREATED) {
                lookups.add(lookup(step.resource()));
            }
        }
        return Future.join(lookups).map(all -> {
            List<CreatedObject> created = new ArrayList<>(lookups.size());
            for (Future<CreatedObject> lookup : lookups) {
                created.add(lookup.result());
            }
            return created;
        });
    }

    private Future<CreatedObject> lookup(StepResource resource) {
        ObjectRef ref = ObjectRef.of(resource);
        CreatedObject unknown = new CreatedObject(ref, null, null, null, null);
        return discovery.find(resource.group(), resource.version(), resource.kind())
                .compose(found -> found.isEmpty() ? Future.succeededFuture(unknown)
                        : api.get(found.get(), resource.namespace(), resource.name())
                                .map(live -> new CreatedObject(ref, found.get().plural(),
                                        live.path("metadata").path("uid").asText(null),
                                        live.path("metadata").path("resourceVersion").asText(null), null)))
                .otherwise(unknown);
    }
}
