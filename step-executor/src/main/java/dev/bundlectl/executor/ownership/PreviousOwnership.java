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
 */
public record PreviousOwnership(List<ObjectRef> owned, List<ObjectRef> createdByEarlierRelease) {

    /** A first install: it owned nothing. */
    public static final PreviousOwnership NONE = new PreviousOwnership(List.of(), List.of());

    public PreviousOwnership {
        owned = List.copyOf(owned);
        createdByEarlierRelease = List.copyOf(createdByEarlierRelease);
    }

    /** What {@code record} (null: none) says. */
    public static PreviousOwnership of(InstallRecord record) {
        if (record == null) {
            return NONE;
        }
        List<ObjectRef> owned = new ArrayList<>();
        List<ObjectRef> earlier = new ArrayList<>();
        for (CreatedObject object : record.createdObjects()) {
            (object.ownership() == null ? earlier : owned).add(object.object());
        }
        return new PreviousOwnership(owned, earlier);
    }

    /** Whether an install of this release owned {@code object}. */
    public boolean owned(ObjectRef object) {
        return owned.stream().anyMatch(object::sameObjectAs);
    }

    /** Whether an earlier release's install of this package created {@code object}. */
    public boolean createdByEarlierRelease(ObjectRef object) {
        return createdByEarlierRelease.stream().anyMatch(object::sameObjectAs);
    }
}
