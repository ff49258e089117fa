package dev.bundlectl.executor.ownership;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.executor.records.ObjectRef;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Decides, for each object an install writes, whether it owns it, shares it, leaves it to the
 * user, or must not touch it, from what a write's answer (the preflight's dry run) showed of it
 * (docs/semantics.md §8):
 * <ul>
 *   <li>an object the write creates is the install's;</li>
 *   <li>one that another install owns is shared when that install is of the same package and
 *       applied the same content, and otherwise refused (another package, or other content) unless
 *       the install takes it over; the namespace's OperatorGroup is shared by every package that
 *       applies the same one ({@link #isNamespaceWide});</li>
 *   <li>one the install owned before (its record says so) stays its own; one an earlier release's
 *       install of the package created becomes its own, the earlier release's fields with it;</li>
 *   <li>one an earlier release applied but none of its records owns is shared with that unknown
 *       install, so that neither deletes it while the other may still use it;</li>
 *   <li>an install that is gone (its namespace deleted, or holding no record of it) is no owner: its
 *       mark is stale, its fields are taken over so that the apply drops the mark, and an object only
 *       gone installs owned becomes this install's ({@link #knowing});</li>
 *   <li>anything else existed before any install: the user's, applied as it is and never deleted;
 *       or, for an adoption, what its {@link UnmarkedOwners} says (OLM's objects taken over or shared,
 *       docs/semantics.md §11). An object an adoption shared with OLM stays shared on every later
 *       install.</li>
 * </ul>
 */
public final class OwnershipJudge {

    private final InstallOwner me;
    private final PreviousOwnership previous;
    private final boolean takeOwnership;
    private final Set<InstallOwner> gone;
    private final UnmarkedOwners unmarked;

    /**
     * @param me the install
     * @param previous what its previous record owned
     * @param takeOwnership whether objects other installs own are taken over ({@code --take-ownership})
     */
    public OwnershipJudge(InstallOwner me, PreviousOwnership previous, boolean takeOwnership) {
        this(me, previous, takeOwnership, UnmarkedOwners.USER);
    }

    /**
     * @param me the install
     * @param previous what its previous record owned
     * @param takeOwnership whether objects other installs own are taken over ({@code --take-ownership})
     * @param unmarked whose an object is that no install owns ({@link UnmarkedOwners#USER} but for an adoption)
     */
    public OwnershipJudge(InstallOwner me, PreviousOwnership previous, boolean takeOwnership, UnmarkedOwners unmarked) {
        this(me, previous, takeOwnership, Set.of(), unmarked);
    }

    private OwnershipJudge(InstallOwner me, PreviousOwnership previous, boolean takeOwnership, Set<InstallOwner> gone,
            UnmarkedOwners unmarked) {
        this.me = Objects.requireNonNull(me, "me");
        this.previous = Objects.requireNonNull(previous, "previous");
        this.takeOwnership = takeOwnership;
        this.gone = Set.copyOf(gone);
        this.unmarked = Objects.requireNonNull(unmarked, "unmarked");
    }

    /**
     * This judge, knowing that the installs in {@code gone} are gone (docs/semantics.md §8, "A stale
     * owner is no owner"): their marks count as no owner's, and their fields are taken over first,
     * so that the install's apply drops their marks.
     */
    public OwnershipJudge knowing(Set<InstallOwner> gone) {
        return new OwnershipJudge(me, previous, takeOwnership, gone, unmarked);
    }

    /**
     * The owners of {@code owners} whose standing {@link #knowing} needs: every other install's
     * mark. This install's own mark needs no asking: whoever left it was an install of this package
     * in this namespace (see {@link #existing}).
     */
    public Set<InstallOwner> ownersToAsk(ObjectRef ref, ObjectOwners owners) {
        Set<InstallOwner> ask = new LinkedHashSet<>();
        owners.besides(me).forEach(mark -> ask.add(mark.owner()));
        return ask;
    }

    /** The installs whose field managers a server-side apply conflicted with, for {@link #knowing}. */
    public static Set<InstallOwner> ownersToAsk(List<String> conflicts) {
        Set<InstallOwner> ask = new LinkedHashSet<>();
        if (conflicts != null) {
            conflicts.forEach(manager -> FieldConflicts.ownerOf(manager).ifPresent(ask::add));
        }
        return ask;
    }

    /**
     * The decision for {@code object} (the step's object, unmarked), from what a write of it was
     * answered: {@code seen} when it succeeded, or the field managers a server-side apply conflicted
     * with. Null when neither says anything of ownership (a refusal of another kind).
     */
    public OwnershipDecision judge(ObjectRef ref, JsonNode object, ObservedObject seen, List<String> conflicts) {
        if (seen != null && seen.created()) {
            return OwnershipDecision.Owned.as(OwnershipDecision.How.CREATED);
        }
        if (seen != null) {
            return existing(ref, object, seen.owners());
        }
        if (conflicts != null && !conflicts.isEmpty()) {
            OwnershipDecision decision = conflicting(ref, conflicts);
            return decision != null || conflicts.stream().anyMatch(InstallOwner::isInstallManager) ? decision
                    : unmarked.decideConflicting(ref, conflicts);
        }
        return null;
    }

    /**
     * The decision for an object no answer was seen of (no dry run judged it): the install's own
     * when its record says so, else one it is about to create, whose real write's answer settles it
     * ({@link #judge}). One an earlier release's install created has that release's fields taken
     * over first, in case they are there (when they are not, nothing is written).
     */
    public OwnershipDecision unseen(ObjectRef ref) {
        if (previous.createdByEarlierRelease(ref)) {
            return new OwnershipDecision.Owned(OwnershipDecision.How.OWNED, List.of(),
                    List.of(InstallOwner.LEGACY_FIELD_MANAGER), List.of());
        }
        if (previous.sharedWithOlm(ref)) {
            return OwnershipDecision.Owned.as(OwnershipDecision.How.SHARED_WITH_OLM);
        }
        return OwnershipDecision.Owned.as(previous.owned(ref) ? OwnershipDecision.How.OWNED
                : OwnershipDecision.How.CREATED);
    }

    private OwnershipDecision existing(ObjectRef ref, JsonNode object, ObjectOwners owners) {
        String digest = OwnerMarks.contentDigest(object);
        List<OwnerMark> stale = new ArrayList<>();
        List<OwnerMark> others = new ArrayList<>();
        for (OwnerMark other : owners.besides(me)) {
            (gone.contains(other.owner()) ? stale : others).add(other);
        }
        // This install's own mark, where its record does not own the object, was left by an install
        // of the package in a namespace of this name: an earlier one, since deleted, or a run of this
        // one that stopped before it recorded. Either way the object is this install's to adopt. Its
        // standing cannot tell which: this install's own record, written before its first step,
        // already makes the namespace hold one. Only an object read as it is says so: a dry run's
        // answer carries the mark the install sent, so the preflight judges without it and reads
        // the objects it would leave to the user ({@link #adoptingLeftOver}).
        boolean ownMarkLeftOver = owners.markOf(me).isPresent();
        List<OwnerMark> conflicting = new ArrayList<>();
        boolean namespaceWide = isNamespaceWide(ref);
        for (OwnerMark other : others) {
            boolean samePackage = other.owner().packageName().equals(me.packageName());
            if (!other.digest().equals(digest) || !(samePackage || namespaceWide)) {
                conflicting.add(other);
            }
        }
        List<String> earlierRelease = new ArrayList<>(owners.legacyManaged() && previous.createdByEarlierRelease(ref)
                ? List.of(InstallOwner.LEGACY_FIELD_MANAGER) : List.of());
        // A gone owner's fields become this install's, so that its apply drops the stale mark with them.
        stale.forEach(mark -> earlierRelease.add(mark.owner().fieldManager()));
        if (!conflicting.isEmpty()) {
            if (!takeOwnership) {
                OwnerMark first = conflicting.get(0);
                return new OwnershipDecision.Conflict(first.owner(),
                        first.owner().packageName().equals(me.packageName()) || namespaceWide
                                ? "it applied other content" : "another package");
            }
            List<String> managers = new ArrayList<>(earlierRelease);
            conflicting.forEach(mark -> managers.add(mark.owner().fieldManager()));
            return new OwnershipDecision.Owned(OwnershipDecision.How.TAKEN, others.stream()
                    .filter(mark -> !conflicting.contains(mark)).toList(), managers, conflicting);
        }
        if (!others.isEmpty()) {
            return new OwnershipDecision.Owned(OwnershipDecision.How.SHARED, others, earlierRelease, List.of());
        }
        if (previous.sharedWithOlm(ref)) {
            return new OwnershipDecision.Owned(OwnershipDecision.How.SHARED_WITH_OLM, List.of(), earlierRelease,
                    List.of());
        }
        if (previous.owned(ref) || previous.createdByEarlierRelease(ref)) {
            return new OwnershipDecision.Owned(OwnershipDecision.How.OWNED, List.of(), earlierRelease, List.of());
        }
        if (!stale.isEmpty() || ownMarkLeftOver) {
            return new OwnershipDecision.Owned(OwnershipDecision.How.ADOPTED, List.of(), earlierRelease, List.of());
        }
        if (owners.legacyManaged()) {
            return OwnershipDecision.Owned.as(OwnershipDecision.How.SHARED_WITH_EARLIER_RELEASE);
        }
        return unmarked.decide(ref);
    }

    /**
     * The decision for an object the preflight judged the user's, now that it was read as it is:
     * adopted when it carries this install's own mark (left by an earlier install of the package in
     * a namespace of this name, or by a run of this one that stopped before it recorded), else
     * still the user's.
     */
    public OwnershipDecision adoptingLeftOver(ObjectOwners live) {
        return live.markOf(me).isPresent() ? OwnershipDecision.Owned.as(OwnershipDecision.How.ADOPTED)
                : new OwnershipDecision.Foreign();
    }

    /**
     * Whether the object serves every package of its namespace alike: the OperatorGroup an OLM-mode
     * install makes, which OLM lets every operator of the namespace join. Another package's install
     * that applies the same one shares it; one that would change it is refused, as for any object.
     */
    static boolean isNamespaceWide(ObjectRef ref) {
        return ref.groupKind().isOperatorGroup();
    }

    /**
     * An apply that conflicted with field managers: an earlier release's, for an object this
     * install's earlier release created, is this install's to take over; another install's is a
     * conflict with it (its content differs, or the apply would not have conflicted).
     */
    private OwnershipDecision conflicting(ObjectRef ref, List<String> managers) {
        List<String> installs = managers.stream().filter(InstallOwner::isInstallManager)
                .filter(manager -> !manager.equals(me.fieldManager())).toList();
        if (installs.isEmpty()) {
            return null;
        }
        List<String> others = installs.stream().filter(manager -> !manager.equals(InstallOwner.LEGACY_FIELD_MANAGER))
                .filter(manager -> FieldConflicts.ownerOf(manager).filter(gone::contains).isEmpty())
                .toList();
        List<String> stale = installs.stream().filter(manager -> FieldConflicts.ownerOf(manager)
                .filter(gone::contains).isPresent()).toList();
        if (others.isEmpty() && !stale.isEmpty()) {
            // Only gone installs' fields stood in the way: they become this install's before it applies.
            List<String> moved = previous.createdByEarlierRelease(ref) ? installs : stale;
            return new OwnershipDecision.Owned(previous.owned(ref) || previous.createdByEarlierRelease(ref)
                    ? OwnershipDecision.How.OWNED : OwnershipDecision.How.ADOPTED, List.of(), moved, List.of());
        }
        if (others.isEmpty()) {
            return previous.createdByEarlierRelease(ref)
                    ? new OwnershipDecision.Owned(OwnershipDecision.How.OWNED, List.of(), installs, List.of())
                    : null;
        }
        InstallOwner owner = FieldConflicts.ownerOf(others.get(0)).orElse(null);
        if (owner == null) {
            return null;
        }
        if (!takeOwnership) {
            return new OwnershipDecision.Conflict(owner, owner.packageName().equals(me.packageName())
                    || isNamespaceWide(ref) ? "it applied other content" : "another package");
        }
        return new OwnershipDecision.Owned(OwnershipDecision.How.TAKEN, List.of(), installs,
                List.of(new OwnerMark(owner, "")));
    }
}
