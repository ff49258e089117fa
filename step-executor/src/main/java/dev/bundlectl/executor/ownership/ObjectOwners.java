package dev.bundlectl.executor.ownership;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The owners a live object carries (docs/semantics.md §8): the installs its packages' owner lists
 * name ({@code owners.bundlectl.dev/<package>}), those whose per-install marks the release before
 * wrote ({@code <namespace>.owners.bundlectl.dev/<package>}), and whether the field manager every
 * bundlectl write used before installs had owners ({@link InstallOwner#LEGACY_FIELD_MANAGER}) still
 * owns fields of it (an install made by an earlier release, not yet re-run). This is the one place
 * that reads owners from an object; {@link OwnerMarks} is the one that writes them.
 *
 * @param marks the owners, listed ones and per-install marks, in annotation order (an install
 *     found in both forms, half-way through its migration, appears twice)
 * @param legacyManaged whether the earlier releases' field manager applied fields of it
 */
public record ObjectOwners(List<OwnerMark> marks, boolean legacyManaged) {

    /** How many owners a message names before it counts the rest. */
    public static final int NAMED_IN_MESSAGES = 3;

    /** An object nobody owns and no earlier release applied. */
    public static final ObjectOwners NONE = new ObjectOwners(List.of(), false);

    public ObjectOwners {
        marks = List.copyOf(marks);
    }

    /** The owners {@code object} (as the API server answered it) carries. */
    public static ObjectOwners of(JsonNode object) {
        List<OwnerMark> marks = new ArrayList<>();
        lists(object).forEach((packageName, list) -> list.namespaces().forEach(namespace ->
                marks.add(OwnerMark.inList(new InstallOwner(namespace, packageName), list.digest()))));
        JsonNode annotations = object.path("metadata").path("annotations");
        for (Iterator<Map.Entry<String, JsonNode>> fields = annotations.fields(); fields.hasNext();) {
            Map.Entry<String, JsonNode> field = fields.next();
            InstallOwner.ofEarlierMarkKey(field.getKey())
                    .ifPresent(owner -> marks.add(OwnerMark.ofEarlierMark(owner, field.getValue().asText())));
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

    /** The owner lists {@code object} carries, by package, in annotation order. */
    static Map<String, OwnerList> lists(JsonNode object) {
        Map<String, OwnerList> lists = new LinkedHashMap<>();
        JsonNode annotations = object.path("metadata").path("annotations");
        for (Iterator<Map.Entry<String, JsonNode>> fields = annotations.fields(); fields.hasNext();) {
            Map.Entry<String, JsonNode> field = fields.next();
            InstallOwner.packageOfListKey(field.getKey())
                    .ifPresent(packageName -> lists.put(packageName, OwnerList.parse(field.getValue().asText())));
        }
        return lists;
    }

    /** {@code owner}'s mark, if the object names it: listed first, else its per-install mark. */
    public Optional<OwnerMark> markOf(InstallOwner owner) {
        return marks.stream().filter(mark -> mark.owner().equals(owner))
                .min((a, b) -> Boolean.compare(b.listed(), a.listed()));
    }

    /** Whether {@code owner}'s package's owner list names it. */
    public boolean lists(InstallOwner owner) {
        return marks.stream().anyMatch(mark -> mark.listed() && mark.owner().equals(owner));
    }

    /** Whether {@code owner} still carries a per-install mark of its own (the release before's). */
    public boolean marksEarlier(InstallOwner owner) {
        return marks.stream().anyMatch(mark -> !mark.listed() && mark.owner().equals(owner));
    }

    /**
     * The marks of owners other than {@code owner}: an install found in both forms, half-way through
     * its migration, twice ({@link #describe} names each once).
     */
    public List<OwnerMark> besides(InstallOwner owner) {
        return marks.stream().filter(mark -> !mark.owner().equals(owner)).toList();
    }

    /**
     * {@code marks}' owners, each once, for messages: {@code a in namespace x, b in namespace y}; past
     * {@value #NAMED_IN_MESSAGES}, the rest are counted ({@code ... and 997 other installs}). A message
     * naming every owner grew with the fleet: each BundleInstall's status carries such a line for
     * every shared object, and the thousandth install's status was 200 KB (bench/README.md,
     * "Controller fleet at 1,000 installs"). The object's owner lists name them all.
     */
    public static String describe(List<OwnerMark> marks) {
        List<String> owners = marks.stream().map(OwnerMark::describe).distinct().toList();
        if (owners.size() <= NAMED_IN_MESSAGES) {
            return String.join(", ", owners);
        }
        int more = owners.size() - NAMED_IN_MESSAGES;
        return String.join(", ", owners.subList(0, NAMED_IN_MESSAGES)) + " and " + more + " other install"
                + (more == 1 ? "" : "s");
    }

    /** Every install named, each once. */
    public Set<InstallOwner> owners() {
        Set<InstallOwner> owners = new LinkedHashSet<>();
        marks.forEach(mark -> owners.add(mark.owner()));
        return owners;
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
