package dev.bundlectl.executor.install;

import dev.bundlectl.cluster.discovery.Discovery;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.executor.ownership.ObservedObject;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.planned.PlannedStep;
import io.vertx.core.Future;
import java.util.Objects;

/** Reads the object a step sends as it is on the cluster, for the ownership judgement. */
final class LiveObjects {

    private LiveObjects() {
    }

    /**
     * The object {@code step} sends, as it is now, or null when it cannot be read (missing, of a
     * type not served yet, refused, or not answered). Never fails: the write meets whatever kept it
     * from being read.
     */
    static Future<ObservedObject> read(Discovery discovery, KubeApi api, PlannedStep step) {
        StepResource resource = step.step().resource();
        return discovery.find(Objects.toString(resource.group(), ""), resource.version(), resource.kind())
                .compose(type -> type.isEmpty() ? Future.<ObservedObject>succeededFuture(null)
                        : api.get(type.get(), type.get().namespaced() ? resource.namespace() : null, resource.name())
                                .map(live -> ObservedObject.of(live, false)))
                .otherwise(unread -> null);
    }
}
