package dev.bundlectl.plan.olm;

import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.render.RenderOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * OLM's rules across namespaces, judged before anything is written (docs/semantics.md §6):
 * <ul>
 *   <li>the same operator (CSV, and package where known) already runs in another namespace whose
 *       OperatorGroup serves this one (OLM copied its CSV here): nothing to install, unless an
 *       install mode was asked for and the two would provide the same APIs;</li>
 *   <li>another version of the same package runs so: that is an upgrade there, not a second
 *       install here;</li>
 *   <li>another OperatorGroup whose namespaces overlap this install's provides one of the CSV's
 *       APIs (its {@code olm.providedAPIs}): OLM fails the CSV with
 *       {@code InterOperatorGroupOwnerConflict}.</li>
 * </ul>
 * Offline, or where the cluster did not say, nothing is predicted and the verdict says what was
 * assumed.
 */
public final class CrossNamespaceRules {

    private CrossNamespaceRules() {
    }

    /**
     * Judges installing {@code csv} into {@code namespace} under the OperatorGroup {@code choice}.
     *
     * @param packageName the bundle's package
     * @param options the install mode and watch namespaces the user asked for, if any
     * @param elsewhere what the other namespaces hold, or why it is not known
     */
    public static CrossNamespaceVerdict judge(Manifest csv, String packageName, String namespace,
            OperatorGroupChoice choice, RenderOptions options, OtherNamespaces elsewhere) {
        if (choice.status() == StepStatus.FAILED) {
            // OLM stops at the OperatorGroup already; its step says why.
            return CrossNamespaceVerdict.CLEAR;
        }
        if (elsewhere instanceof OtherNamespaces.Unread unread) {
            return new CrossNamespaceVerdict.Assumed(OlmNotes.PREFIX + (OtherNamespaces.OFFLINE.equals(unread.why())
                    ? "offline" : unread.why()) + ", so assumed that no OperatorGroup of another namespace provides "
                    + "its APIs here and that it does not already run elsewhere for " + namespace);
        }
        OtherNamespaces.Read read = (OtherNamespaces.Read) elsewhere;
        TargetNamespaces ours = TargetNamespaces.of(namespace, choice.targets());
        List<ClusterOperatorGroup> conflicting = conflicting(read, namespace, choice.manifest().name(), ours,
                ProvidedApi.ofCsv(csv));
        Optional<CopiedCsv> sameOperator = read.copies().stream().filter(copy -> copy.name().equals(csv.name())
                && copy.packageName().map(packageName::equals).orElse(true)).findFirst();
        Optional<CopiedCsv> otherVersion = read.copies().stream().filter(copy -> !copy.name().equals(csv.name())
                && copy.packageName().filter(packageName::equals).isPresent()).findFirst();
        if (otherVersion.isPresent()) {
            CopiedCsv copy = otherVersion.get();
            return new CrossNamespaceVerdict.Refused(copy.name() + " of package " + packageName + " runs in namespace "
                    + copy.fromNamespace() + servedBy(copy, read) + " and serves " + namespace + "; " + csv.name()
                    + " is another version of the same operator: that is an upgrade in " + copy.fromNamespace()
                    + " (install it with -n " + copy.fromNamespace() + "), not a second install here");
        }
        boolean modeAsked = options.installMode() != null || !options.watchNamespaces().isEmpty();
        if (sameOperator.isPresent() && (!modeAsked || conflicting.isEmpty())) {
            CopiedCsv copy = sameOperator.get();
            return new CrossNamespaceVerdict.AlreadyServed(copy, csv.name() + " already runs in namespace "
                    + copy.fromNamespace() + servedBy(copy, read) + " and serves " + namespace
                    + (copy.phase().isEmpty() ? "" : " (OLM: " + copy.phase() + ")")
                    + "; nothing to install here: `status -n " + copy.fromNamespace() + "` shows it");
        }
        if (!conflicting.isEmpty()) {
            return new CrossNamespaceVerdict.Refused(conflict(csv, namespace, ours, conflicting,
                    ProvidedApi.ofCsv(csv), sameOperator));
        }
        return CrossNamespaceVerdict.CLEAR;
    }

    /** The other groups whose namespaces overlap this install's and that provide one of its APIs. */
    private static List<ClusterOperatorGroup> conflicting(OtherNamespaces.Read read, String namespace,
            String groupName, TargetNamespaces ours, Set<ProvidedApi> provided) {
        List<ClusterOperatorGroup> found = new ArrayList<>();
        for (ClusterOperatorGroup group : read.operatorGroups()) {
            if (!group.is(namespace, groupName) && ours.overlaps(group.targets())
                    && group.providedApis().stream().anyMatch(provided::contains)) {
                found.add(group);
            }
        }
        return found;
    }

    /** OLM's reason and words, then which group provides which of the APIs to which namespaces. */
    private static String conflict(Manifest csv, String namespace, TargetNamespaces ours,
            List<ClusterOperatorGroup> conflicting, Set<ProvidedApi> provided, Optional<CopiedCsv> sameOperator) {
        String groups = conflicting.stream().map(group -> {
            Set<ProvidedApi> shared = new TreeSet<>(group.providedApis());
            shared.retainAll(provided);
            return "OperatorGroup " + group.name() + " in namespace " + group.namespace() + " (serving "
                    + group.targets() + ") already provides " + shared.stream().map(ProvidedApi::toString)
                    .collect(Collectors.joining(", "));
        }).collect(Collectors.joining("; "));
        return "InterOperatorGroupOwnerConflict: OLM would fail " + csv.name() + " (\"intersecting operatorgroups "
                + "provide the same apis\"): " + groups + ", and this install's OperatorGroup in " + namespace
                + " serves " + ours + sameOperator.map(copy -> "; the same operator already serves " + namespace
                        + " from namespace " + copy.fromNamespace()).orElse("");
    }

    /** {@code  (OperatorGroup g, serving all namespaces)}, as far as the groups tell. */
    private static String servedBy(CopiedCsv copy, OtherNamespaces.Read read) {
        if (copy.operatorGroup().isEmpty()) {
            return "";
        }
        return read.operatorGroups().stream().filter(group -> group.is(copy.fromNamespace(), copy.operatorGroup()))
                .findFirst().map(group -> " (OperatorGroup " + group.name() + ", serving " + group.targets() + ")")
                .orElse(" (OperatorGroup " + copy.operatorGroup() + ")");
    }
}
