package dev.bundlectl.executor.rollback;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.kinds.GroupKind;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.crdschema.CrdVersion;
import dev.bundlectl.executor.apply.CustomResourceScan;
import dev.bundlectl.executor.apply.ExistingCustomResourcesGuard;
import dev.bundlectl.executor.apply.StoredVersionsGuard;
import dev.bundlectl.executor.records.ClientErrors;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.plan.planned.PlannedStep;
import io.vertx.core.Context;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The checks a plan that goes to a lower version must pass before anything is written
 * (docs/semantics.md §9, "Rollbacks"), for each of its CRDs that exists on the cluster:
 * <ol>
 *   <li>the older CRD keeps every version the live one lists in {@code status.storedVersions}:
 *       objects stored in a version the CRD no longer has cannot be read;</li>
 *   <li>every live custom resource of each version whose schema the rollback changes validates
 *       against the older schema, in all namespaces.</li>
 * </ol>
 * OLM v1's checks are not made here: they run on every plan's CRD updates, a rollback's included,
 * after these pass ({@code ClusterPlanning.crdSafety}), so each of their findings is shown once.
 * The first two are OLM v0's checks before it updates a CRD (its catalog operator's stored-version
 * check and {@code validateExistingCRs}), made here with the same code as every CRD update
 * ({@link StoredVersionsGuard}, {@link ExistingCustomResourcesGuard} and {@link CustomResourceScan}),
 * but ahead of the install: an update meets them only when the CRD's step runs, after the steps
 * OLM mode applies before it. A check that cannot be made (a read refused or failing) refuses the
 * rollback too: nothing is written on a guess. Nothing blocks; every answer comes on {@code context}.
 */
public final class RollbackChecks {

    private static final ApiResource CRDS = new ApiResource(GroupKind.CUSTOM_RESOURCE_DEFINITION.group(), "v1",
            GroupKind.CUSTOM_RESOURCE_DEFINITION.kind(), "customresourcedefinitions", false);

    private final KubeApi api;
    private final Context context;

    /**
     * @param api the API server, retrying transient failures
     * @param context where the answers come and the schemas are compiled (on its workers)
     */
    public RollbackChecks(KubeApi api, Context context) {
        this.api = Objects.requireNonNull(api, "api");
        this.context = Objects.requireNonNull(context, "context");
    }

    /** The checks through {@code connection}, acting as its identity. */
    public static RollbackChecks of(ClusterConnection connection) {
        return new RollbackChecks(connection.retryingApi(), connection.vertx().getOrCreateContext());
    }

    /** Checks each CRD {@code older} would apply against the live one of its name. */
    public Future<RollbackVerdict> check(PlannedInstall older) {
        List<PlannedStep> crds = older.steps().stream()
                .filter(step -> step.step().resource().groupKind().isCrd() && !step.step().status().isNeverSent())
                .toList();
        return checkFrom(crds, 0, new Found());
    }

    /** What the checks found so far; used on one context only. */
    private static final class Found {
        final List<String> checked = new ArrayList<>();
        final List<String> refusals = new ArrayList<>();

        RollbackVerdict verdict() {
            return refusals.isEmpty() ? new RollbackVerdict.Safe(checked) : new RollbackVerdict.Refused(refusals);
        }
    }

    private Future<RollbackVerdict> checkFrom(List<PlannedStep> crds, int index, Found found) {
        if (index == crds.size()) {
            return Future.succeededFuture(found.verdict());
        }
        ObjectNode older = crds.get(index).object();
        String name = older.path("metadata").path("name").asText();
        return api.get(CRDS, null, name).transform(read -> {
            if (read.failed()) {
                if (!ApiException.isHttp(read.cause(), 404)) {
                    found.refusals.add("CustomResourceDefinition " + name + ": cannot be read to check the rollback: "
                            + ClientErrors.describe(read.cause()));
                }
                // A CRD the cluster does not have yet holds nothing to lose: the rollback creates it.
                return Future.succeededFuture();
            }
            return checkOne(name, older, read.result(), found);
        }).compose(done -> checkFrom(crds, index + 1, found));
    }

    /** Both checks of one CRD: its stored versions first, then its objects, if they can still be read. */
    private Future<Void> checkOne(String name, ObjectNode older, ObjectNode live, Found found) {
        List<String> stored = new ArrayList<>();
        live.path("status").path("storedVersions").forEach(version -> stored.add(version.asText()));
        Set<String> olderVersions = StoredVersionsGuard.specVersions(older);
        List<String> dropped = stored.stream().filter(version -> !olderVersions.contains(version)).toList();
        if (!dropped.isEmpty()) {
            found.refusals.add("CustomResourceDefinition " + name + ": the cluster has objects stored in version"
                    + (dropped.size() == 1 ? " " : "s ") + String.join(", ", dropped) + " (status.storedVersions "
                    + stored + "), which the older CRD does not have (its versions: "
                    + String.join(", ", olderVersions) + "); they could not be read after the rollback");
            return Future.succeededFuture();
        }
        List<CrdVersion> changed = ExistingCustomResourcesGuard.versionsToCheck(older, live);
        return scanFrom(name, older, changed, 0, found).map(valid -> {
            if (valid) {
                found.checked.add(name + ": keeps stored version" + (stored.size() == 1 ? " " : "s ")
                        + String.join(", ", stored) + "; " + (changed.isEmpty()
                                ? "its schemas do not change"
                                : "custom resources of " + versionNames(changed) + " valid against the older schema"));
            }
            return null;
        });
    }

    /** Whether every custom resource of {@code versions} from {@code index} on passes the older schema. */
    private Future<Boolean> scanFrom(String name, JsonNode older, List<CrdVersion> versions, int index, Found found) {
        if (index == versions.size()) {
            return Future.succeededFuture(true);
        }
        CrdVersion version = versions.get(index);
        JsonNode spec = older.path("spec");
        ApiResource type = new ApiResource(spec.path("group").asText(), version.name(),
                spec.path("names").path("kind").asText(), spec.path("names").path("plural").asText(),
                !"Cluster".equals(spec.path("scope").asText()));
        CustomResourceScan scan = new CustomResourceScan(context,
                continueToken -> api.list(type, null, CustomResourceScan.PAGE_SIZE, continueToken),
                type, version.schema());
        return scan.invalidResources().transform(scanned -> {
            if (scanned.failed()) {
                found.refusals.add("CustomResourceDefinition " + name + ": cannot list "
                        + CustomResourceScan.describe(type) + " to check the rollback: "
                        + ClientErrors.describe(scanned.cause()));
                return Future.succeededFuture(false);
            }
            if (!scanned.result().isEmpty()) {
                found.refusals.add("CustomResourceDefinition " + name + ": "
                        + scanned.result().describe("the older schema of " + version.name()));
                return Future.succeededFuture(false);
            }
            return scanFrom(name, older, versions, index + 1, found);
        });
    }

    private static String versionNames(List<CrdVersion> versions) {
        return String.join(", ", versions.stream().map(CrdVersion::name).toList());
    }
}
