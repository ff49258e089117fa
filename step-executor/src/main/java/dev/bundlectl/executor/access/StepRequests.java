package dev.bundlectl.executor.access;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.executor.writes.WriteMethod;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.olm.CsvDeploymentConfig;
import java.util.ArrayList;
import java.util.List;

/**
 * The requests running a step makes, as its {@link WriteMethod} says: a
 * server-side apply is a {@code patch} that creates the object when it is missing, which the API
 * server authorizes as {@code create} on the object's name as well; a CSV and a create-only object
 * are a {@code create} by POST, whose name the server is not told in the URL (so only a grant for
 * any name allows it); a CRD is read before it is applied; an upgrade's delete step and an object
 * marked for deletion read and delete. An access check asks about exactly these
 * (docs/semantics.md §7).
 */
public final class StepRequests {

    private StepRequests() {
    }

    /**
     * The requests of {@code step}, whose object is {@code manifest}, served as {@code type}.
     *
     * @param namespace the object's namespace for a namespaced type, else null
     */
    public static List<AccessRequest> of(Step step, JsonNode manifest, ApiResource type, String namespace) {
        String ns = type.namespaced() ? namespace : null;
        String name = step.resource().name();
        List<AccessRequest> requests = new ArrayList<>();
        WriteMethod method = WriteMethod.of(step, manifest);
        switch (method) {
            case REMOVE -> {
                requests.add(request("get", type, ns, name));
                requests.add(request("delete", type, ns, name));
            }
            case DELETE -> requests.add(request("delete", type, ns, name));
            case CREATE -> {
                requests.add(request("create", type, ns, null));
                if (manifest.path("metadata").path("annotations").has(CsvDeploymentConfig.ANNOTATION)) {
                    // A CSV whose operator configuration may change is read, and patched when it did.
                    requests.add(request("get", type, ns, name));
                    requests.add(request("patch", type, ns, name));
                }
            }
            case CHECKED_APPLY, APPLY -> {
                if (method == WriteMethod.CHECKED_APPLY) {
                    requests.add(request("get", type, ns, name));
                }
                requests.add(request("patch", type, ns, name));
                requests.add(request("create", type, ns, name));
            }
        }
        return requests;
    }

    private static AccessRequest request(String verb, ApiResource type, String namespace, String name) {
        return new AccessRequest(verb, type.group(), type.plural(), namespace, name);
    }
}
