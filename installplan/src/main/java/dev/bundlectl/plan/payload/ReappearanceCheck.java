package dev.bundlectl.plan.payload;

import java.util.Collection;
import java.util.List;
import java.util.function.Predicate;

/**
 * Seed 004: an object that an earlier run deleted and that exists again deserves a warning.
 * The text is the cluster-version operator's: {@code Deployment "ns/name" has reappeared after
 * having been deleted at 2024-05-01T10:00:00Z}.
 */
public final class ReappearanceCheck {

    private ReappearanceCheck() {
    }

    /**
     * One warning per deleted object that exists now, in the order given.
     *
     * @param deletedEarlier objects an earlier run deleted, with when
     * @param existsNow whether such an object exists on the cluster now
     */
    public static List<String> warnings(Collection<PreviouslyDeleted> deletedEarlier, Predicate<PreviouslyDeleted> existsNow) {
        return deletedEarlier.stream().filter(existsNow).map(ReappearanceCheck::message).toList();
    }

    /** The warning for one object. */
    public static String message(PreviouslyDeleted object) {
        return object.kind() + " \"" + object.uniqueName() + "\" has reappeared after having been deleted at "
                + object.deletedAt();
    }
}
