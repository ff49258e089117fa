package dev.bundlectl.executor.ownership;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.executor.records.ObjectRef;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
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
     * The owners of {@code owners} whose standing {@link #knowing} needs: every other install it
     * names. This install's own entry needs no asking: whoever left it was an install of this package
     * in this namespace (see {@link #existing}).
     */
    public Set<InstallOwner> ownersToAsk(ObjectRef ref, ObjectOwners owners) {
        Set<InstallOwner> ask = new LinkedHashSet<>();
        owners.besides(me).forEach(mark -> ask.add(mark.owner()));
        return ask;
    }

    /** The installs whose per-install field managers a server-side apply conflicted with, for {@link #knowing}. */
    public static Set<InstallOwner> ownersToAsk(List<String> conflicts) {
        Set<InstallOwner> ask = new LinkedHashSet<>();
        if (conflicts != null) {
            conflicts.forEach(manager -> FieldConflicts.ownerOf(manager).ifPresent(ask::add));
        }
        return ask;
    }

    /**
     * Whether deciding a conflict with {@code conflicts} needs the object read: an apply that met
     * another install's field manager is decided from the owners the object names, as one that
     * succeeded is; a package's manager ({@code bundlectl/<package>}) says whose fields those are only
     * through the object's owner list.
     */
    public boolean needsOwnersRead(List<String> conflicts) {
        return conflicts != null && conflicts.stream().anyMatch(manager -> InstallOwner.isInstallManager(manager)
                && !manager.equals(me.fieldManager()));
    }

    /**
     * The decision for {@code object} (the step's object), from what a write of it was answered:
     * {@code seen} when it succeeded, or the field managers a server-side apply conflicted with.
     * Null when neither says anything of ownership (a refusal of another kind).
     */
    public OwnershipDecision judge(ObjectRef ref, JsonNode object, ObservedObject seen, List<String> conflicts) {
        return judge(ref, object, seen, conflicts, null);
    }

    /**
     * As {@link #judge(ObjectRef, JsonNode, ObservedObject, List)}, with the owners of an object whose
     * apply conflicted, as a read after the conflict found them ({@link #needsOwnersRead}; null when
     * not read).
     */
    public OwnershipDecision judge(ObjectRef ref, JsonNode object, ObservedObject seen, List<String> conflicts,
            ObjectOwners conflictOwners) {
        if (seen != null && seen.created()) {
            return OwnershipDecision.Owned.as(OwnershipDecision.How.CREATED);
        }
        if (seen != null) {
            return existing(ref, object, seen.owners());
        }
        if (conflicts != null && !conflicts.isEmpty()) {
            OwnershipDecision decision = conflicting(ref, object, conflicts, conflictOwners);
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
        // This install's own entry, where its record does not own the object, was left by an install
        // of the package in a namespace of this name: an earlier one, since deleted, or a run of this
        // one that stopped before it recorded. Either way the object is this install's to adopt. Its
        // standing cannot tell which: this install's own record, written before its first step,
        // already makes the namespace hold one. The dry run's answer shows it: the apply never
        // carries the owner list, so the answer has the lists as they stand.
        boolean ownMarkLeftOver = owners.markOf(me).isPresent();
        List<OwnerMark> conflicting = new ArrayList<>();
        boolean namespaceWide = isNamespaceWide(ref);
        for (OwnerMark other : others) {
            boolean samePackage = other.ofPackage(me.packageName());
            if (!other.digest().equals(digest) || !(samePackage || namespaceWide)) {
                conflicting.add(other);
            }
        }
        Set<String> transfers = new LinkedHashSet<>();
        if (owners.legacyManaged() && previous.createdByEarlierRelease(ref)) {
            transfers.add(InstallOwner.LEGACY_FIELD_MANAGER);
        }
        // Its own fields from before one manager per package become the package's (its migration).
        if (owners.marksEarlier(me)) {
            transfers.add(me.earlierFieldManager());
        }
        // A gone owner's fields become this install's, so that its apply drops the stale mark with them.
        for (OwnerMark mark : stale) {
            heldFieldsOf(mark, others).ifPresent(transfers::add);
        }
        // The package's co-owners from before one manager per package: their fields become the
        // package's, their marks go with this apply, and the list write lists them (their migration).
        for (OwnerMark other : others) {
            if (!other.listed() && other.ofPackage(me.packageName()) && !conflicting.contains(other)) {
                transfers.add(other.fieldManager());
            }
        }
        if (!conflicting.isEmpty()) {
            if (!takeOwnership) {
                OwnerMark first = conflicting.get(0);
                return new OwnershipDecision.Conflict(first.owner(), why(first.owner(), namespaceWide));
            }
            for (OwnerMark mark : conflicting) {
                heldFieldsOf(mark, List.of()).ifPresent(transfers::add);
            }
            return new OwnershipDecision.Owned(OwnershipDecision.How.TAKEN, others.stream()
                    .filter(mark -> !conflicting.contains(mark)).toList(), List.copyOf(transfers), conflicting, stale);
        }
        if (!others.isEmpty()) {
            return new OwnershipDecision.Owned(OwnershipDecision.How.SHARED, others, List.copyOf(transfers), List.of(),
                    stale);
        }
        if (previous.sharedWithOlm(ref)) {
            return new OwnershipDecision.Owned(OwnershipDecision.How.SHARED_WITH_OLM, List.of(), List.copyOf(transfers),
                    List.of(), stale);
        }
        if (previous.owned(ref) || previous.createdByEarlierRelease(ref)) {
            return new OwnershipDecision.Owned(OwnershipDecision.How.OWNED, List.of(), List.copyOf(transfers), List.of(),
                    stale);
        }
        if (!stale.isEmpty() || ownMarkLeftOver) {
            return new OwnershipDecision.Owned(OwnershipDecision.How.ADOPTED, List.of(), List.copyOf(transfers),
                    List.of(), stale);
        }
        if (owners.legacyManaged()) {
            return OwnershipDecision.Owned.as(OwnershipDecision.How.SHARED_WITH_EARLIER_RELEASE);
        }
        return unmarked.decide(ref);
    }

    /**
     * The field manager whose fields become this install's when {@code mark}'s owner stops owning
     * the object: its own per-install manager (the release before's); its package's manager when it
     * is of another package and no other owner of that package still applies it ({@code keeping});
     * none for an owner of this install's package, whose manager is this install's own.
     */
    private Optional<String> heldFieldsOf(OwnerMark mark, List<OwnerMark> keeping) {
        if (!mark.listed()) {
            return Optional.of(mark.fieldManager());
        }
        String packageName = mark.owner().packageName();
        if (packageName.equals(me.packageName())
                || keeping.stream().anyMatch(other -> other.listed() && other.ofPackage(packageName))) {
            return Optional.empty();
        }
        return Optional.of(mark.fieldManager());
    }

    private String why(InstallOwner owner, boolean namespaceWide) {
        return owner.packageName().equals(me.packageName()) || namespaceWide ? "it applied other content"
                : "another package";
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
     * An apply that conflicted with field managers. The owners the object names decide first, as
     * for an apply that succeeded, when the object could be read after the conflict. Then each
     * install manager it conflicted with: an earlier release's, for an object this install's earlier
     * release created, and this install's own from before one manager per package, are this
     * install's to take over; so are a gone install's and a package's whose every owner is gone.
     * Any other is a standing install's: a conflict with it (its content differs, or the apply would
     * not have conflicted), which {@code --take-ownership} takes over.
     *
     * @param live the object's owners as read after the conflict, or null when not read
     */
    private OwnershipDecision conflicting(ObjectRef ref, JsonNode object, List<String> managers, ObjectOwners live) {
        List<String> installs = managers.stream().filter(InstallOwner::isInstallManager)
                .filter(manager -> !manager.equals(me.fieldManager())).toList();
        if (installs.isEmpty()) {
            return null;
        }
        OwnershipDecision base = live == null ? null : existing(ref, object, live);
        if (base instanceof OwnershipDecision.Conflict) {
            return base;
        }
        OwnershipDecision.Owned owned = base instanceof OwnershipDecision.Owned decided ? decided : null;
        List<String> transfers = new ArrayList<>(owned == null ? List.of() : owned.transferFrom());
        List<OwnerMark> standing = new ArrayList<>();
        List<OwnerMark> staleHere = new ArrayList<>(owned == null ? List.of() : owned.goneOwners());
        for (String manager : installs) {
            if (transfers.contains(manager)) {
                continue;
            }
            Optional<InstallOwner> install = FieldConflicts.ownerOf(manager);
            Optional<String> packageName = FieldConflicts.packageOf(manager);
            if (manager.equals(InstallOwner.LEGACY_FIELD_MANAGER)) {
                if (!previous.createdByEarlierRelease(ref)) {
                    return null;
                }
                transfers.add(manager);
            } else if (manager.equals(me.earlierFieldManager())) {
                transfers.add(manager);
            } else if (install.isPresent() && gone.contains(install.get())) {
                transfers.add(manager);
                staleHere.add(live == null ? OwnerMark.ofEarlierMark(install.get(), "")
                        : live.markOf(install.get()).orElse(OwnerMark.ofEarlierMark(install.get(), "")));
            } else if (install.isPresent()) {
                standing.add(live == null ? OwnerMark.ofEarlierMark(install.get(), "")
                        : live.markOf(install.get()).orElse(OwnerMark.ofEarlierMark(install.get(), "")));
            } else if (packageName.isPresent() && live != null) {
                // A package's manager holds fields for every install its list names: they stand or fall together.
                List<OwnerMark> listed = live.marks().stream()
                        .filter(mark -> mark.listed() && mark.ofPackage(packageName.get())).toList();
                List<OwnerMark> standingHere = listed.stream().filter(mark -> !gone.contains(mark.owner())).toList();
                if (standingHere.isEmpty()) {
                    transfers.add(manager);
                    listed.stream().filter(mark -> !staleHere.contains(mark)).forEach(staleHere::add);
                } else {
                    standing.addAll(standingHere);
                }
            } else {
                return null;
            }
        }
        if (!standing.isEmpty()) {
            if (!takeOwnership) {
                return new OwnershipDecision.Conflict(standing.get(0).owner(),
                        why(standing.get(0).owner(), isNamespaceWide(ref)));
            }
            standing.forEach(mark -> transfers.add(mark.fieldManager()));
            List<OwnerMark> taken = new ArrayList<>(owned == null ? List.of() : owned.takenFrom());
            taken.addAll(standing);
            return new OwnershipDecision.Owned(OwnershipDecision.How.TAKEN,
                    owned == null ? List.of() : owned.alsoOwnedBy(), transfers.stream().distinct().toList(), taken,
                    staleHere);
        }
        OwnershipDecision.How how = owned != null && owned.how() != OwnershipDecision.How.SHARED_WITH_EARLIER_RELEASE
                ? owned.how()
                : previous.owned(ref) || previous.createdByEarlierRelease(ref) ? OwnershipDecision.How.OWNED
                        : OwnershipDecision.How.ADOPTED;
        return new OwnershipDecision.Owned(how, owned == null ? List.of() : owned.alsoOwnedBy(),
                transfers.stream().distinct().toList(), owned == null ? List.of() : owned.takenFrom(), staleHere);
    }
}
