package dev.bundlectl.executor.install;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.discovery.Discovery;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.executor.ownership.ObservedObject;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.planned.PlannedStep;
import io.vertx.core.Future;
import java.util.Objects;

/** Reads the objects a plan sends as they are on the cluster: for the ownership judgement and for diffs. */
public final class LiveObjects {

    private LiveObjects() {
    }

    /**
     * The object {@code resource} names, as it is now; null when it does not exist. Fails when its
     * type is not served or it cannot be read.
     */
    public static Future<ObjectNode> get(Discovery discovery, KubeApi api, StepResource resource) {
        String group = Objects.toString(resource.group(), "");
        return discovery.find(group, resource.version(), resource.kind()).compose(type -> {
            if (type.isEmpty()) {
                return Future.failedFuture(new IllegalStateException("the cluster does not serve "
                        + (group.isEmpty() ? "" : group + "/") + resource.version() + " " + resource.kind()));
            }
            return api.get(type.get(), type.get().namespaced() ? resource.namespace() : null, resource.name())
                    .recover(error -> ApiException.isHttp(error, 404) ? Future.succeededFuture(null)
                            : Future.failedFuture(error));
        });
    }

    /**
     * The object {@code step} sends, as it is now, or null when it cannot be read (missing, of a
     * type not served yet, refused, or not answered). Never fails: the write meets whatever kept it
     * from being read.
     */
    static Future<ObservedObject> read(Discovery discovery, KubeApi api, PlannedStep step) {
        return get(discovery, api, step.step().resource())
                .map(live -> live == null ? null : ObservedObject.of(live, false))
                .otherwise(unread -> null);
    }
}
