package dev.bundlectl.executor.ownership;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The owners a live object carries: the installs whose marks it has, and whether the field manager
 * every bundlectl write used before installs had owners ({@link InstallOwner#LEGACY_FIELD_MANAGER})
 * still owns fields of it (an install made by an earlier release, not yet re-run).
 *
 * @param marks the owners' marks, in annotation order
 * @param legacyManaged whether the earlier releases' field manager applied fields of it
 */
public record ObjectOwners(List<OwnerMark> marks, boolean legacyManaged) {

    /** An object nobody has marked and no earlier release applied. */
    public static final ObjectOwners NONE = new ObjectOwners(List.of(), false);

    public ObjectOwners {
        marks = List.copyOf(marks);
    }

    /** The owners {@code object} (as the API server answered it) carries. */
    public static ObjectOwners of(JsonNode object) {
        List<OwnerMark> marks = new ArrayList<>();
        JsonNode annotations = object.path("metadata").path("annotations");
        for (Iterator<Map.Entry<String, JsonNode>> fields = annotations.fields(); fields.hasNext();) {
            Map.Entry<String, JsonNode> field = fields.next();
            InstallOwner.ofMarkKey(field.getKey())
                    .ifPresent(owner -> marks.add(new OwnerMark(owner, field.getValue().asText())));
        }
        boolean legacy = false;
        for (JsonNode entry : object.path("metadata").path("managedFields")) {
            if (InstallOwner.LEGACY_FIELD_MANAGER.equals(entry.path("manager").asText())
                    && "Apply".equals(entry.path("operation").asText())) {
                legacy = true;
            }
        }
        return new ObjectOwners(marks, legacy);
    }

    /** {@code owner}'s mark, if the object carries it. */
    public Optional<OwnerMark> markOf(InstallOwner owner) {
        return marks.stream().filter(mark -> mark.owner().equals(owner)).findFirst();
    }

    /**
     * These owners without {@code owner}'s mark: what a dry run's answer says of an object, since
     * the install sent its own mark there and the answer carries it whether the object had it or not.
     */
    public ObjectOwners without(InstallOwner owner) {
        return new ObjectOwners(besides(owner), legacyManaged);
    }

    /** The marks of owners other than {@code owner}. */
    public List<OwnerMark> besides(InstallOwner owner) {
        return marks.stream().filter(mark -> !mark.owner().equals(owner)).toList();
    }

    /** The server-side apply field managers of installs in {@code object}'s managed fields. */
    public static Set<String> installManagers(JsonNode object) {
        Set<String> managers = new LinkedHashSet<>();
        for (JsonNode entry : object.path("metadata").path("managedFields")) {
            String manager = entry.path("manager").asText();
            if (InstallOwner.isInstallManager(manager) && "Apply".equals(entry.path("operation").asText())) {
                managers.add(manager);
            }
        }
        return managers;
    }
}
