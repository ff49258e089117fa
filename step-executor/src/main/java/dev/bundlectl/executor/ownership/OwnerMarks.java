package dev.bundlectl.executor.ownership;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.records.AppliedState;
import java.util.Iterator;
import java.util.Map;

/**
 * Writing an owner's mark on the object an install applies: the annotation
 * {@link InstallOwner#markKey()} with the digest of the object without any mark, so that two
 * installs can tell whether they apply the same content (docs/semantics.md §8).
 */
public final class OwnerMarks {

    private OwnerMarks() {
    }

    /** {@code object} with {@code owner}'s mark; the object given is not changed. */
    public static ObjectNode marked(ObjectNode object, InstallOwner owner) {
        ObjectNode copy = object.deepCopy();
        String digest = contentDigest(copy);
        ObjectNode metadata = copy.get("metadata") instanceof ObjectNode existing ? existing : copy.putObject("metadata");
        ObjectNode annotations = metadata.get("annotations") instanceof ObjectNode existing ? existing
                : metadata.putObject("annotations");
        annotations.put(owner.markKey(), digest);
        return copy;
    }

    /** The digest of an object's content: the object without any owner's mark. */
    public static String contentDigest(JsonNode object) {
        JsonNode annotations = object.path("metadata").path("annotations");
        boolean marked = false;
        for (Iterator<String> keys = annotations.fieldNames(); keys.hasNext();) {
            if (InstallOwner.ofMarkKey(keys.next()).isPresent()) {
                marked = true;
                break;
            }
        }
        if (!marked) {
            return AppliedState.digestOf(object);
        }
        ObjectNode unmarked = ((ObjectNode) object).deepCopy();
        ObjectNode kept = (ObjectNode) unmarked.path("metadata").path("annotations");
        for (Iterator<Map.Entry<String, JsonNode>> fields = kept.fields(); fields.hasNext();) {
            if (InstallOwner.ofMarkKey(fields.next().getKey()).isPresent()) {
                fields.remove();
            }
        }
        if (kept.isEmpty()) {
            ((ObjectNode) unmarked.get("metadata")).remove("annotations");
        }
        return AppliedState.digestOf(unmarked);
    }
}
