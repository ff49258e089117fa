package dev.bundlectl.executor.ownership;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Fields one field manager owns on an object that the install takes from it before it applies
 * ({@link OlmInjectedFields}): they are dropped from that manager's {@code managedFields} entries,
 * so that the apply that follows sets them without a conflict and owns them. Nothing else of the
 * manager's, nor of anyone else's, changes.
 *
 * @param manager the field manager that gives them up
 * @param paths the fields, as the API server's conflicts name them ({@code .spec.conversion.strategy})
 */
public record FieldRelease(String manager, List<String> paths) {

    private static final Pattern PLAIN_PATH = Pattern.compile("(\\.[A-Za-z0-9_$-]+)+");

    public FieldRelease {
        Objects.requireNonNull(manager, "manager");
        paths = List.copyOf(paths);
    }

    /**
     * Whether a path names fields by their names only: no list element or map key selector, which
     * this release does not take apart.
     */
    static boolean isPlainPath(String path) {
        return PLAIN_PATH.matcher(path).matches();
    }

    /** The release in a step's words: {@code took over from olm: .a, .b}. */
    public String note() {
        return "took over from " + manager + " the fields it had set: " + String.join(", ", paths);
    }

    /**
     * {@code managedFields} with this release's paths gone from every entry of its manager (an
     * update's and an apply's alike); null when none of them was there, so nothing is to change.
     * A field's own entry goes; the objects above it stay, as the manager's record that it set
     * something there, which no apply conflicts with.
     */
    ArrayNode releasedFrom(JsonNode managedFields) {
        ArrayNode result = JsonNodeFactory.instance.arrayNode();
        boolean changed = false;
        for (JsonNode entry : managedFields) {
            ObjectNode copy = entry.deepCopy();
            if (manager.equals(entry.path("manager").asText()) && copy.path("fieldsV1") instanceof ObjectNode fields) {
                for (String path : paths) {
                    changed |= remove(fields, path.substring(1).split("\\."), 0);
                }
            }
            result.add(copy);
        }
        return changed ? result : null;
    }

    private static boolean remove(ObjectNode fields, String[] names, int at) {
        String key = "f:" + names[at];
        if (at == names.length - 1) {
            return fields.remove(key) != null;
        }
        return fields.get(key) instanceof ObjectNode below && remove(below, names, at + 1);
    }
}
