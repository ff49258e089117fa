package dev.bundlectl.executor.ownership;

import dev.bundlectl.executor.records.CreatedObject;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.ObjectRef;
import java.util.ArrayList;
import java.util.List;

/**
 * What the install's previous record says it owned: objects it created or came to own (marked, in
 * records of this release), and objects an earlier release's install created (unmarked; their fields
 * belong to that release's one field manager).
 *
 * @param owned the objects an install of this release owned
 * @param createdByEarlierRelease the objects an install made by an earlier release created
 * @param sharedWithOlm those of {@code owned} it shares with operators OLM still manages, since an
 *     adoption (docs/semantics.md §11): they stay shared, never the install's alone
 */
public record PreviousOwnership(List<ObjectRef> owned, List<ObjectRef> createdByEarlierRelease,
        List<ObjectRef> sharedWithOlm) {

    /** A first install: it owned nothing. */
    public static final PreviousOwnership NONE = new PreviousOwnership(List.of(), List.of());

    public PreviousOwnership {
        owned = List.copyOf(owned);
        createdByEarlierRelease = List.copyOf(createdByEarlierRelease);
        sharedWithOlm = List.copyOf(sharedWithOlm);
    }

    /** What a record says that shares nothing with OLM. */
    public PreviousOwnership(List<ObjectRef> owned, List<ObjectRef> createdByEarlierRelease) {
        this(owned, createdByEarlierRelease, List.of());
    }

    /** What {@code record} (null: none) says. */
    public static PreviousOwnership of(InstallRecord record) {
        if (record == null) {
            return NONE;
        }
        List<ObjectRef> owned = new ArrayList<>();
        List<ObjectRef> earlier = new ArrayList<>();
        List<ObjectRef> shared = new ArrayList<>();
        for (CreatedObject object : record.createdObjects()) {
            (object.ownership() == null ? earlier : owned).add(object.object());
            if (OwnershipDecision.SHARED_WITH_OLM_RECORDED.equals(object.ownership())) {
                shared.add(object.object());
            }
        }
        return new PreviousOwnership(owned, earlier, shared);
    }

    /** Whether an install of this release owned {@code object}. */
    public boolean owned(ObjectRef object) {
        return owned.stream().anyMatch(object::sameObjectAs);
    }

    /** Whether the install shares {@code object} with operators OLM manages (docs/semantics.md §11). */
    public boolean sharedWithOlm(ObjectRef object) {
        return sharedWithOlm.stream().anyMatch(object::sameObjectAs);
    }

    /** Whether an earlier release's install of this package created {@code object}. */
    public boolean createdByEarlierRelease(ObjectRef object) {
        return createdByEarlierRelease.stream().anyMatch(object::sameObjectAs);
    }
}
