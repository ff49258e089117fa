package dev.bundlectl.executor.uninstall;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.executor.ownership.InstallOwner;
import dev.bundlectl.executor.ownership.ObjectOwners;
import dev.bundlectl.executor.ownership.OwnerListing;
import dev.bundlectl.executor.ownership.OwnerMark;
import dev.bundlectl.executor.records.CreatedObject;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.plan.api.ApiResource;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Decides what an uninstall, or an upgrade's deletion, does with one object the install owned,
 * from its owners as the object carries them now (docs/semantics.md §8): an object its package's
 * owner list names it in (or its per-install mark of the release before) is deleted when no other
 * install owns it, and otherwise released; one an earlier release's install created (unmarked,
 * applied by that release's one field manager, with the uid the record holds) likewise; anything
 * else is not the install's to remove. CRDs are kept unless asked, and released.
 */
final class Removals {

    private Removals() {
    }

    /**
     * The removal of {@code recorded}, found live as {@code live}.
     *
     * @param me the install; null for a run no install owns, which removes what the record says it
     *     created, as long as its uid is the recorded one
     * @param deleteCrds whether a CRD no other install owns is deleted
     * @param creator how messages name the install that created it ("this install", "the previous install")
     * @param keptBecause why the object stays although the install would delete it (the namespace's
     *     OperatorGroup, which other packages' installs use), or null: the install only leaves its
     *     package's list, leaving the object and its fields to them
     * @param gone the installs known to be gone: their entries are stale and count as no owner's
     *     (docs/semantics.md §8), so that an object they alone share with this install is deleted as
     *     its last owner would delete it (a CRD still by the CRD rule); the package's gone installs
     *     leave its list with this one
     */
    static Removal decide(InstallOwner me, CreatedObject recorded, ApiResource type, JsonNode live, boolean deleteCrds,
            String creator, String keptBecause, Set<InstallOwner> gone) {
        ObjectRef ref = recorded.object();
        JsonNode metadata = live.path("metadata");
        String uid = metadata.path("uid").asText(null);
        String namespace = type.namespaced() ? ref.namespace() : null;
        ObjectOwners owners = ObjectOwners.of(live);
        if (me == null) {
            return sameObjectOrSkip(ref, recorded, uid, creator)
                    ? delete(ref, type, namespace, live, deleteCrds, null)
                    : new Removal.Skip(ref, replaced(recorded, uid, creator));
        }
        boolean listed = owners.lists(me);
        boolean earlierMarked = owners.marksEarlier(me);
        boolean marked = listed || earlierMarked;
        boolean sameObject = recorded.uid() == null || recorded.uid().equals(uid);
        boolean earlierRelease = recorded.ownership() == null && owners.legacyManaged() && sameObject;
        List<OwnerMark> others = owners.besides(me).stream().filter(mark -> !gone.contains(mark.owner())).toList();
        if (!marked && !earlierRelease) {
            if (!others.isEmpty()) {
                return new Removal.Skip(ref, "not removed: it is owned by " + ObjectOwners.describe(others)
                        + (recorded.ownership() != null ? " now, which took it over" : ""));
            }
            if (!sameObject) {
                return new Removal.Skip(ref, replaced(recorded, uid, creator));
            }
            if (recorded.ownership() == null && !owners.legacyManaged()) {
                if (keptBecause != null) {
                    return new Removal.Keep(ref, keptBecause);
                }
                // An earlier release's record, from before field managers were kept apart: the uid decides.
                return delete(ref, type, namespace, live, deleteCrds, null);
            }
            return new Removal.Skip(ref, "not removed: it does not carry the mark of " + me.describe());
        }
        if (metadata.hasNonNull("deletionTimestamp")) {
            return new Removal.Gone(ref, "already being deleted since " + metadata.path("deletionTimestamp").asText());
        }
        // The package's gone installs leave its list with this one: a gone owner's entry is dropped
        // by the next list write (docs/semantics.md §8, "A stale owner is no owner").
        Set<InstallOwner> goneListed = new LinkedHashSet<>();
        owners.besides(me).stream().filter(mark -> mark.listed() && mark.ofPackage(me.packageName())
                && gone.contains(mark.owner())).forEach(mark -> goneListed.add(mark.owner()));
        OwnerListing leaving = marked ? OwnerListing.leaving(me, goneListed) : null;
        // The earlier releases' one field manager, still there beside this install's mark, is another
        // install of that release applying the object too: a co-owner nobody can name.
        List<String> coOwners = new ArrayList<>();
        if (!others.isEmpty()) {
            coOwners.add(ObjectOwners.describe(others));
        }
        if (marked && owners.legacyManaged()) {
            coOwners.add("an install an earlier bundlectl made");
        }
        if (!coOwners.isEmpty()) {
            List<String> emptied = new ArrayList<>();
            if (!marked) {
                emptied.add(InstallOwner.LEGACY_FIELD_MANAGER);
            }
            if (earlierMarked) {
                emptied.add(me.earlierFieldManager());
            }
            // Another listed install of the package applies every field of the package's manager
            // too: they stay. Only other packages' installs (or installs of the release before, each
            // with a manager of its own) own it besides: the package's manager gives its fields up.
            boolean listedPeer = others.stream().anyMatch(mark -> mark.listed() && mark.ofPackage(me.packageName()));
            if (listed && !listedPeer) {
                emptied.add(me.fieldManager());
            }
            return new Removal.Release(ref, type, namespace, live, "still owned by " + String.join(", ", coOwners),
                    ref.customResourceDefinition(), emptied, leaving);
        }
        if (keptBecause != null) {
            return marked ? new Removal.Release(ref, type, namespace, live, keptBecause, true, List.of(), leaving)
                    : new Removal.Keep(ref, keptBecause);
        }
        return delete(ref, type, namespace, live, deleteCrds, leaving);
    }

    /**
     * The last owner's removal: a deletion on the uid and resourceVersion read, or, for a CRD kept
     * without {@code deleteCrds}, the install leaving its list alone (its fields are the whole CRD).
     *
     * @param leaving the install's list write, or null when it carries no entry (an earlier release's)
     */
    private static Removal delete(ObjectRef ref, ApiResource type, String namespace, JsonNode live, boolean deleteCrds,
            OwnerListing leaving) {
        JsonNode metadata = live.path("metadata");
        if (ref.customResourceDefinition() && !deleteCrds) {
            String why = "CRDs are kept unless deleteCrds is set, because deleting one deletes every custom resource "
                    + "of its kind";
            return leaving == null ? new Removal.Keep(ref, why)
                    : new Removal.Release(ref, type, namespace, live, why, true, List.of(), leaving);
        }
        return new Removal.Delete(ref, type, namespace, metadata.path("uid").asText(null),
                metadata.path("resourceVersion").asText(null));
    }

    private static boolean sameObjectOrSkip(ObjectRef ref, CreatedObject recorded, String uid, String creator) {
        return recorded.uid() == null || recorded.uid().equals(uid);
    }

    private static String replaced(CreatedObject recorded, String uid, String creator) {
        return "not deleted because it was replaced: " + creator + " created uid " + recorded.uid()
                + ", the object now has uid " + uid;
    }
}
