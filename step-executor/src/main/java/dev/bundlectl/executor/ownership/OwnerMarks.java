package dev.bundlectl.executor.ownership;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.records.AppliedState;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Writing who owns an object (docs/semantics.md §8): the content digest that tells two installs'
 * content apart, and the changes to the packages' owner lists, {@code owners.bundlectl.dev/<package>:
 * <digest> <ns1>,<ns2>}, made on the version just read. This is the one place that writes owners;
 * {@link ObjectOwners} is the one that reads them.
 */
public final class OwnerMarks {

    private OwnerMarks() {
    }

    /**
     * {@code object} carrying {@code listing}'s list as the object's first owners: for a create,
     * which either makes the object with it or finds the object there and writes nothing, so that
     * no other install's entry can be lost. The object given is not changed.
     */
    public static ObjectNode listedOn(ObjectNode object, OwnerListing listing) {
        ObjectNode copy = object.deepCopy();
        ObjectNode metadata = copy.get("metadata") instanceof ObjectNode existing ? existing : copy.putObject("metadata");
        ObjectNode annotations = metadata.get("annotations") instanceof ObjectNode existing ? existing
                : metadata.putObject("annotations");
        OwnerList list = new OwnerList(listing.digest(), List.of(listing.owner().namespace())).changed(
                listing.alsoListed(), List.of());
        annotations.put(listing.owner().listKey(), list.value());
        return copy;
    }

    /** The digest of an object's content: the object without any owner's list or mark. */
    public static String contentDigest(JsonNode object) {
        JsonNode annotations = object.path("metadata").path("annotations");
        boolean owned = false;
        for (Iterator<String> keys = annotations.fieldNames(); keys.hasNext();) {
            if (InstallOwner.isOwnerKey(keys.next())) {
                owned = true;
                break;
            }
        }
        if (!owned) {
            return AppliedState.digestOf(object);
        }
        ObjectNode unmarked = ((ObjectNode) object).deepCopy();
        ObjectNode kept = (ObjectNode) unmarked.path("metadata").path("annotations");
        for (Iterator<Map.Entry<String, JsonNode>> fields = kept.fields(); fields.hasNext();) {
            if (InstallOwner.isOwnerKey(fields.next().getKey())) {
                fields.remove();
            }
        }
        if (kept.isEmpty()) {
            ((ObjectNode) unmarked.get("metadata")).remove("annotations");
        }
        return AppliedState.digestOf(unmarked);
    }

    /**
     * What {@code listing} changes on {@code live}, the object as just read: nothing; a JSON patch
     * that tests the {@code resourceVersion} read and sets each changed list (an empty one removed);
     * or, for an install joining, another install of its package that still lists other content
     * (written there after this install's preflight judged the object).
     */
    public static ListChange change(JsonNode live, OwnerListing listing) {
        Map<String, String> before = annotations(live);
        Map<String, String> after = new LinkedHashMap<>(before);
        InstallOwner me = listing.owner();
        Set<String> droppedHere = new HashSet<>();
        listing.dropped().stream().filter(owner -> owner.packageName().equals(me.packageName()))
                .forEach(owner -> droppedHere.add(owner.namespace()));
        OwnerList mine = before.containsKey(me.listKey()) ? OwnerList.parse(before.get(me.listKey())) : null;
        if (listing.joins()) {
            if (mine != null && !mine.digest().equals(listing.digest())) {
                List<String> others = new ArrayList<>(mine.namespaces());
                others.remove(me.namespace());
                others.removeAll(droppedHere);
                others.removeAll(listing.alsoListed());
                if (!others.isEmpty()) {
                    return new ListChange.OtherContent(new InstallOwner(others.get(0), me.packageName()));
                }
                mine = null;
            }
            List<String> joined = new ArrayList<>(listing.alsoListed());
            joined.add(me.namespace());
            OwnerList base = mine != null ? mine : new OwnerList(listing.digest(), List.of());
            after.put(me.listKey(), base.changed(joined, droppedHere).value());
            listing.alsoListed().forEach(namespace -> after.remove(new InstallOwner(namespace, me.packageName())
                    .earlierMarkKey()));
        } else {
            droppedHere.add(me.namespace());
            if (mine != null) {
                set(after, me.listKey(), mine.changed(List.of(), droppedHere));
            }
        }
        after.remove(me.earlierMarkKey());
        for (InstallOwner dropped : listing.dropped()) {
            after.remove(dropped.earlierMarkKey());
            if (!dropped.packageName().equals(me.packageName()) && after.containsKey(dropped.listKey())) {
                set(after, dropped.listKey(), OwnerList.parse(after.get(dropped.listKey()))
                        .changed(List.of(), List.of(dropped.namespace())));
            }
        }
        if (after.equals(before)) {
            return new ListChange.Unchanged();
        }
        return new ListChange.Patch(patch(live, before, after));
    }

    private static void set(Map<String, String> annotations, String key, OwnerList list) {
        if (list.namespaces().isEmpty()) {
            annotations.remove(key);
        } else {
            annotations.put(key, list.value());
        }
    }

    private static Map<String, String> annotations(JsonNode live) {
        Map<String, String> annotations = new LinkedHashMap<>();
        live.path("metadata").path("annotations").fields()
                .forEachRemaining(field -> annotations.put(field.getKey(), field.getValue().asText()));
        return annotations;
    }

    private static ArrayNode patch(JsonNode live, Map<String, String> before, Map<String, String> after) {
        ArrayNode patch = JsonNodeFactory.instance.arrayNode();
        patch.addObject().put("op", "test").put("path", "/metadata/resourceVersion")
                .put("value", live.path("metadata").path("resourceVersion").asText());
        if (!(live.path("metadata").get("annotations") instanceof ObjectNode)) {
            ObjectNode all = patch.addObject().put("op", "add").put("path", "/metadata/annotations").putObject("value");
            after.forEach(all::put);
            return patch;
        }
        before.keySet().stream().filter(key -> !after.containsKey(key)).forEach(key ->
                patch.addObject().put("op", "remove").put("path", pointer(key)));
        after.forEach((key, value) -> {
            if (!value.equals(before.get(key))) {
                patch.addObject().put("op", "add").put("path", pointer(key)).put("value", value);
            }
        });
        return patch;
    }

    private static String pointer(String annotation) {
        return "/metadata/annotations/" + annotation.replace("~", "~0").replace("/", "~1");
    }

    /** What an {@link OwnerListing} comes to on one version of an object. */
    public sealed interface ListChange {

        /** The lists already say it all: nothing to write. */
        record Unchanged() implements ListChange {
        }

        /**
         * The JSON patch to send: its first operation tests the {@code resourceVersion} read.
         *
         * @param operations the patch
         */
        record Patch(ArrayNode operations) implements ListChange {
            public Patch {
                Objects.requireNonNull(operations, "operations");
            }

            /**
             * A copy of the patch without its first operation, the test of the {@code resourceVersion}
             * read: for a dry run, whose object need not carry the stored version and which writes nothing.
             */
            public ArrayNode withoutVersionTest() {
                ArrayNode rest = operations.deepCopy();
                rest.remove(0);
                return rest;
            }
        }

        /**
         * The package's list names another install that applied other content, which no preflight
         * saw: nothing is written.
         *
         * @param owner the first such install
         */
        record OtherContent(InstallOwner owner) implements ListChange {
            public OtherContent {
                Objects.requireNonNull(owner, "owner");
            }
        }
    }
}
