package dev.bundlectl.executor.install;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.ownership.FieldOwnershipTransfer;
import dev.bundlectl.executor.ownership.FieldRelease;
import dev.bundlectl.executor.ownership.FieldReleaser;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.executor.records.ClientErrors;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.planned.PlannedInstall;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The field ownership an install takes over before it applies, one object at a time
 * ({@link FieldOwnershipTransfer}): an earlier release's, for objects its install created, and
 * another install's, for objects taken over; then the fields OLM injected that the install's apply
 * sets again ({@link FieldReleaser}). A transfer or release that fails is a warning: the apply that
 * follows then meets the other manager's fields, and fails the step with the server's conflict.
 */
final class OwnershipTransfers {

    private final ClusterConnection connection;
    private final OwnershipPlan ownership;

    OwnershipTransfers(ClusterConnection connection, OwnershipPlan ownership) {
        this.connection = connection;
        this.ownership = ownership;
    }

    /** Runs {@code change} on the step's resource type, when the cluster serves it; false when not. */
    private Future<Boolean> onType(StepResource resource, Function<ApiResource, Future<Boolean>> change) {
        return connection.discovery().find(Objects.toString(resource.group(), ""), resource.version(), resource.kind())
                .compose(type -> type.isEmpty() ? Future.succeededFuture(false) : change.apply(type.get()));
    }

    /** Runs the transfers of {@code planned}'s steps; answers the warnings of those that failed. */
    Future<List<String>> run(PlannedInstall planned) {
        List<String> warnings = new ArrayList<>();
        Future<Void> chain = Future.succeededFuture();
        FieldOwnershipTransfer transfer = new FieldOwnershipTransfer(connection.retryingApi());
        for (Map.Entry<Integer, List<String>> entry : ownership.transfers().entrySet()) {
            StepResource resource = planned.steps().get(entry.getKey()).step().resource();
            chain = chain.compose(done -> onType(resource, type -> transfer.transfer(type,
                            type.namespaced() ? resource.namespace() : null, resource.name(), entry.getValue(),
                            ownership.owner().fieldManager()))
                    .<Void>mapEmpty()
                    .otherwise(error -> {
                        warnings.add(resource.displayName() + ": could not take over the fields of "
                                + String.join(", ", entry.getValue()) + ": " + ClientErrors.describe(error));
                        return null;
                    }));
        }
        FieldReleaser releaser = new FieldReleaser(connection.retryingApi());
        for (Map.Entry<Integer, FieldRelease> entry : ownership.releases().entrySet()) {
            StepResource resource = planned.steps().get(entry.getKey()).step().resource();
            FieldRelease release = entry.getValue();
            chain = chain.compose(done -> onType(resource, type -> releaser.release(type,
                    type.namespaced() ? resource.namespace() : null, resource.name(), release))
                    .<Void>mapEmpty()
                    .otherwise(error -> {
                        warnings.add(resource.displayName() + ": could not take over from " + release.manager()
                                + " the fields " + String.join(", ", release.paths()) + ": "
                                + ClientErrors.describe(error));
                        return null;
                    }));
        }
        return chain.map(done -> warnings);
    }
}
