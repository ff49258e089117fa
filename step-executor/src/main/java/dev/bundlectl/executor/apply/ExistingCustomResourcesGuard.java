package dev.bundlectl.executor.apply;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.crdschema.CrdVersion;
import dev.bundlectl.crdschema.CrdVersions;
import dev.bundlectl.crdschema.JsonEquality;
import io.vertx.core.Future;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Refuses a CRD update that existing custom resources would not survive, as OLM does: for each
 * version the new CRD serves with a schema, and that the live CRD already serves (custom
 * resources cannot exist in a version the cluster does not serve yet), every custom resource
 * of that version, in all namespaces, must validate against the new version's schema. A version
 * whose schema does not change is skipped: the update cannot make its objects less valid.
 * Versions are checked one after the other and the check stops at the first version with
 * invalid objects.
 */
public final class ExistingCustomResourcesGuard implements UpdateGuard {

    @Override
    public Future<Optional<StepOutcome>> check(PreparedStep run, ObjectNode live) {
        ObjectNode desired = run.manifest();
        JsonNode spec = desired.path("spec");
        String group = spec.path("group").asText("");
        String plural = spec.path("names").path("plural").asText("");
        if (group.isEmpty() || plural.isEmpty()) {
            // The API server refuses such a CRD anyway; there is nothing to list.
            return Future.succeededFuture(Optional.empty());
        }
        ApiResource anyVersion = new ApiResource(group, "", spec.path("names").path("kind").asText(""), plural,
                !"Cluster".equals(spec.path("scope").asText()));
        return checkFrom(run, anyVersion, versionsToCheck(desired, live), 0);
    }

    /** Served with a schema in the new CRD, served by the live one, and with a changed schema. */
    public static List<CrdVersion> versionsToCheck(JsonNode desired, JsonNode live) {
        Set<String> liveServed = CrdVersions.of(live).stream().filter(CrdVersion::served).map(CrdVersion::name)
                .collect(Collectors.toSet());
        return CrdVersions.of(desired).stream()
                .filter(version -> version.served() && version.hasSchema() && liveServed.contains(version.name()))
                .filter(version -> !CrdVersions.schema(live, version.name())
                        .filter(liveSchema -> JsonEquality.equal(liveSchema, version.schema())).isPresent())
                .toList();
    }

    private Future<Optional<StepOutcome>> checkFrom(PreparedStep run, ApiResource anyVersion, List<CrdVersion> versions,
            int index) {
        if (index == versions.size()) {
            return Future.succeededFuture(Optional.empty());
        }
        CrdVersion version = versions.get(index);
        ApiResource type = new ApiResource(anyVersion.group(), version.name(), anyVersion.kind(), anyVersion.plural(),
                anyVersion.namespaced());
        String prefix = "error validating existing CRs against new CRD's schema for \"" + run.name() + "\": ";
        return CustomResourceScan.of(run, type, version.schema()).invalidResources().transform(scanned -> {
            if (scanned.failed()) {
                return Future.succeededFuture(Optional.of(FailurePolicy.outcome(scanned.cause(), run.optional(),
                        prefix + "listing " + CustomResourceScan.describe(type))));
            }
            InvalidResources invalid = scanned.result();
            if (invalid.isEmpty()) {
                return checkFrom(run, anyVersion, versions, index + 1);
            }
            return Future.succeededFuture(Optional.of(StepOutcome.failed(prefix + invalid.describe("new schema"))));
        });
    }
}
