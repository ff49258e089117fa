package dev.bundlectl.executor.ownership;

import java.util.List;
import java.util.Objects;

/**
 * What an install does with one object given its owners (docs/semantics.md §8).
 */
public sealed interface OwnershipDecision {

    /**
     * How an install record says it shares an object with operators OLM manages
     * ({@link How#SHARED_WITH_OLM}): an uninstall then gives up only its mark and leaves the object.
     */
    String SHARED_WITH_OLM_RECORDED = "shared-with-olm";

    /** What the step's message says of it, or null when there is nothing to add. */
    String note();

    /**
     * The install owns the object: its package's owner list names it once its write succeeded, the
     * record lists it, and its uninstall deletes it once no other install owns it.
     *
     * @param how how it came to own it
     * @param alsoOwnedBy the other installs that own it too (the same package's, with the same content)
     * @param transferFrom field managers whose fields become this install's package's before it
     *     applies: an earlier release's, for an object it created; another install's or package's,
     *     for one taken over; a gone install's or package's, whose stale mark the install's apply
     *     then drops; the release before's per-install managers of the package, migrated
     * @param takenFrom the marks of the installs it takes the object from
     * @param goneOwners the marks of owners that are gone (docs/semantics.md §8, "A stale owner is no
     *     owner"), which the install's list write drops
     */
    record Owned(How how, List<OwnerMark> alsoOwnedBy, List<String> transferFrom, List<OwnerMark> takenFrom,
            List<OwnerMark> goneOwners) implements OwnershipDecision {
        public Owned {
            Objects.requireNonNull(how, "how");
            alsoOwnedBy = List.copyOf(alsoOwnedBy);
            transferFrom = List.copyOf(transferFrom);
            takenFrom = List.copyOf(takenFrom);
            goneOwners = List.copyOf(goneOwners);
        }

        /** Owned with no gone owner to drop. */
        public Owned(How how, List<OwnerMark> alsoOwnedBy, List<String> transferFrom, List<OwnerMark> takenFrom) {
            this(how, alsoOwnedBy, transferFrom, takenFrom, List.of());
        }

        /** Owned simply: created now, or created by an earlier run of this install. */
        public static Owned as(How how) {
            return new Owned(how, List.of(), List.of(), List.of());
        }

        @Override
        public String note() {
            return switch (how) {
                case SHARED -> "shared with " + ObjectOwners.describe(alsoOwnedBy);
                case SHARED_WITH_EARLIER_RELEASE -> "shared with an install an earlier bundlectl made";
                case TAKEN -> "taken over from " + ObjectOwners.describe(takenFrom);
                case ADOPTED -> "its earlier owners are gone";
                case TAKEN_FROM_OLM -> "taken over from OLM";
                case SHARED_WITH_OLM -> "shared with operators OLM installed: marked, never taken whole, never deleted";
                default -> null;
            };
        }
    }

    /** How an install came to own an object. */
    enum How {
        /** It creates it (or created it in a run that did not end). */
        CREATED,
        /** An earlier run of the same install created or owned it. */
        OWNED,
        /** Another install of the same package, applying the same content, owns it too. */
        SHARED,
        /** An install made by an earlier bundlectl, without marks, applied it too. */
        SHARED_WITH_EARLIER_RELEASE,
        /** It was another install's; {@code --take-ownership} took it. */
        TAKEN,
        /**
         * Every install that owned it is gone (its namespace deleted, or holding no record of it): the
         * object is this install's, as if it had created it (docs/semantics.md §8).
         */
        ADOPTED,
        /**
         * OLM's catalog operator installed it for the operator an adoption takes over: the install
         * owns it from now on, OLM's fields and links to its CSV with it (docs/semantics.md §11).
         */
        TAKEN_FROM_OLM,
        /**
         * OLM installed it for the adopted operator and for others it still manages (a CRD another
         * CSV owns or requires, an object another InstallPlan wrote): the install marks it and
         * applies its own fields, leaves OLM's, and never deletes it (docs/semantics.md §11).
         */
        SHARED_WITH_OLM
    }

    /**
     * The object existed before any install owned it: the install applies it as it would any
     * object, without its mark, and never deletes it.
     */
    record Foreign() implements OwnershipDecision {
        @Override
        public String note() {
            return "not owned: it existed before this install";
        }
    }

    /**
     * Another install owns the object, and this one would change it: refused before anything is
     * written, unless {@code --take-ownership}.
     *
     * @param owner the owning install
     * @param why what makes it a conflict: another package, or other content
     */
    record Conflict(InstallOwner owner, String why) implements OwnershipDecision {
        public Conflict {
            Objects.requireNonNull(owner, "owner");
            Objects.requireNonNull(why, "why");
        }

        @Override
        public String note() {
            return "owned by " + owner.describe() + " (" + why + "); --take-ownership takes it over";
        }
    }
}
