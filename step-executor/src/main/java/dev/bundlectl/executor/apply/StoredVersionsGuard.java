package dev.bundlectl.executor.apply;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Refuses a CRD update that drops a version still listed in the live CRD's
 * {@code status.storedVersions}: objects stored in that version could no longer be read.
 */
public final class StoredVersionsGuard implements UpdateGuard {

    @Override
    public Future<Optional<StepOutcome>> check(PreparedStep run, ObjectNode live) {
        return Future.succeededFuture(refuse(run.manifest(), live).map(StepOutcome::failed));
    }

    /** Why the update would lose data, or empty when every stored version stays. */
    Optional<String> refuse(ObjectNode desired, ObjectNode live) {
        Set<String> newVersions = specVersions(desired);
        List<String> dropped = new ArrayList<>();
        for (JsonNode stored : live.path("status").path("storedVersions")) {
            if (!newVersions.contains(stored.asText())) {
                dropped.add(stored.asText());
            }
        }
        if (dropped.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("risk of data loss updating CustomResourceDefinition "
                + desired.path("metadata").path("name").asText() + ": stored version"
                + (dropped.size() == 1 ? " " : "s ") + String.join(", ", dropped)
                + (dropped.size() == 1 ? " is" : " are") + " not in the new spec's versions "
                + newVersions);
    }

    /** {@code spec.versions[].name}, plus the v1beta1 {@code spec.version}. */
    public static Set<String> specVersions(JsonNode crd) {
        Set<String> versions = new LinkedHashSet<>();
        JsonNode spec = crd.path("spec");
        if (spec.path("version").isTextual()) {
            versions.add(spec.path("version").asText());
        }
        for (JsonNode version : spec.path("versions")) {
            if (version.path("name").isTextual()) {
                versions.add(version.path("name").asText());
            }
        }
        return versions;
    }
}
