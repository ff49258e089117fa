package dev.bundlectl.executor.ownership;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.plan.api.ApiResource;
import io.vertx.core.Future;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Makes the fields that other field managers applied to an object the install's package's own,
 * before it applies: an earlier release's one manager, for an object that release's install of the
 * package created; another install's or package's, for an object taken over with
 * {@code --take-ownership} or whose owners are gone; the release before's per-install managers of
 * the package, merged into the package's one manager as the next install migrates the object
 * (docs/semantics.md §8); or OLM's catalog operator's, for an object an adoption takes over
 * (docs/semantics.md §11). Server-side apply has no request for this; the object's
 * {@code metadata.managedFields} is rewritten ({@link ManagedFieldsRewrite}). The install's next
 * apply then owns every field it sets, and drops the ones it no longer sets (the other owners'
 * marks among them), as if it had applied them all from the start.
 */
public final class FieldOwnershipTransfer {

    private final ManagedFieldsRewrite rewrite;

    /** Transfers through {@code api}, which should retry transient failures. */
    public FieldOwnershipTransfer(KubeApi api) {
        this.rewrite = new ManagedFieldsRewrite(api);
    }

    /**
     * Moves the fields of {@code from} on the object to {@code to}: their Apply entries, and, for a
     * manager that is no install's (OLM's catalog operator, which writes with updates), their Update
     * entries of the object itself (not of a subresource, whose fields no apply of the object sets).
     *
     * @return whether the object was there to change
     */
    public Future<Boolean> transfer(ApiResource type, String namespace, String name, List<String> from, String to) {
        return rewrite.rewrite(type, namespace, name, managedFields -> moved(managedFields, from, to));
    }

    /**
     * {@code managedFields} with every entry of {@code from} that {@link #movable} made {@code to}'s
     * Apply entry: renamed (an update's made an apply), or merged into {@code to}'s own Apply entry
     * when it has one; null when there is nothing to move.
     */
    static ArrayNode moved(JsonNode managedFields, List<String> from, String to) {
        ArrayNode result = JsonNodeFactory.instance.arrayNode();
        ObjectNode target = null;
        for (JsonNode entry : managedFields) {
            if (to.equals(entry.path("manager").asText()) && "Apply".equals(entry.path("operation").asText())) {
                target = entry.deepCopy();
            }
        }
        boolean moved = false;
        for (JsonNode entry : managedFields) {
            boolean apply = "Apply".equals(entry.path("operation").asText());
            String manager = entry.path("manager").asText();
            if (movable(entry, from)) {
                moved = true;
                if (target == null) {
                    target = ((ObjectNode) entry.deepCopy()).put("manager", to).put("operation", "Apply");
                } else {
                    merge((ObjectNode) target.path("fieldsV1"), entry.path("fieldsV1"));
                }
            } else if (!(apply && to.equals(manager))) {
                result.add(entry);
            }
        }
        if (!moved) {
            return null;
        }
        result.add(target);
        return result;
    }

    /**
     * Whether an entry's fields move: an Apply entry of one of {@code from}; an Update entry of the
     * object (no subresource) of one of {@code from} that is no install's manager. An install's own
     * updates (a mark removed by a patch) stay where they are.
     */
    private static boolean movable(JsonNode entry, List<String> from) {
        String manager = entry.path("manager").asText();
        if (!from.contains(manager)) {
            return false;
        }
        String operation = entry.path("operation").asText();
        return "Apply".equals(operation) || "Update".equals(operation) && !InstallOwner.isInstallManager(manager)
                && entry.path("subresource").asText("").isEmpty();
    }

    /** Adds {@code from}'s field set to {@code into}'s: a fieldsV1 set is a tree of keys, so a union is a merge. */
    private static void merge(ObjectNode into, JsonNode from) {
        for (Iterator<Map.Entry<String, JsonNode>> fields = from.fields(); fields.hasNext();) {
            Map.Entry<String, JsonNode> field = fields.next();
            JsonNode existing = into.get(field.getKey());
            if (existing instanceof ObjectNode object && field.getValue().isObject()) {
                merge(object, field.getValue());
            } else if (existing == null) {
                into.set(field.getKey(), field.getValue().deepCopy());
            }
        }
    }
}
