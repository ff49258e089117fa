package dev.bundlectl.plan.olm;

import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.kinds.GroupKind;
import dev.bundlectl.render.OlmInstallPlanRbac;
import dev.bundlectl.render.RenderOptions;
import dev.bundlectl.render.RenderedObject;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The steps an OLM-mode plan adds in front of the CSV (docs/semantics.md §6), and their order. OLM
 * checks a CSV's requirements when the CSV first appears and does not look again when an account
 * or a Role appears later, so everything it checks comes first: the OperatorGroup, the bundle's
 * own ServiceAccounts, then the ServiceAccounts and RBAC that OLM's InstallPlan generates from the
 * CSV's permissions. The executor applies the steps listed before the CSV before it, and the CSV
 * after the CRDs.
 */
public final class OlmModeSteps {

    private static final OlmModeSteps NONE = new OlmModeSteps(null, List.of(), CrossNamespaceVerdict.CLEAR);

    private final OperatorGroupChoice operatorGroup;
    private final CrossNamespaceVerdict crossNamespace;
    private final Set<Manifest> generated;
    private final List<Manifest> generatedInOrder;

    private OlmModeSteps(OperatorGroupChoice operatorGroup, List<Manifest> generated,
            CrossNamespaceVerdict crossNamespace) {
        this.operatorGroup = operatorGroup;
        this.crossNamespace = crossNamespace;
        this.generatedInOrder = List.copyOf(generated);
        Set<Manifest> byIdentity = Collections.newSetFromMap(new IdentityHashMap<>());
        byIdentity.addAll(generated);
        this.generated = byIdentity;
    }

    /** No OLM-mode steps: render mode, a plan without a CSV mode, or an excluded CSV. */
    public static OlmModeSteps none() {
        return NONE;
    }

    /**
     * The OperatorGroup and generated RBAC for installing {@code bundle}'s CSV into {@code namespace},
     * and what OLM's rules across namespaces say about it.
     *
     * @param options {@code --install-mode} and {@code --watch-namespace}, for a new OperatorGroup
     * @param cluster the namespace's OperatorGroups and the other namespaces' part, when read
     */
    public static OlmModeSteps of(Bundle bundle, String namespace, RenderOptions options, OlmCluster cluster) {
        Manifest csv = bundle.csv();
        Set<String> shipped = bundle.manifests().stream()
                .filter(manifest -> manifest.groupKind().equals(GroupKind.SERVICE_ACCOUNT))
                .map(Manifest::name)
                .collect(Collectors.toSet());
        List<Manifest> generated = new ArrayList<>();
        for (RenderedObject object : OlmInstallPlanRbac.of(csv, namespace, shipped)) {
            generated.add(object.toManifest(csv.source()));
        }
        OperatorGroupChoice operatorGroup = OperatorGroupChoice.of(csv, namespace, options, cluster);
        return new OlmModeSteps(operatorGroup, generated, CrossNamespaceRules.judge(csv, bundle.packageName(),
                namespace, operatorGroup, options, cluster.elsewhere()));
    }

    /** What OLM's rules across namespaces say about the CSV ({@link CrossNamespaceRules}). */
    public CrossNamespaceVerdict crossNamespace() {
        return crossNamespace;
    }

    /**
     * The plan's manifests with these steps in front: the OperatorGroup, the bundle's
     * ServiceAccounts (moved from where they were), the generated objects, then the rest in the
     * order given.
     */
    public List<Manifest> ordered(List<Manifest> planOrder) {
        if (operatorGroup == null) {
            return planOrder;
        }
        List<Manifest> ordered = new ArrayList<>(planOrder.size() + generatedInOrder.size() + 1);
        ordered.add(operatorGroup.manifest());
        planOrder.stream().filter(OlmModeSteps::isServiceAccount).forEach(ordered::add);
        ordered.addAll(generatedInOrder);
        planOrder.stream().filter(manifest -> !isServiceAccount(manifest)).forEach(ordered::add);
        return ordered;
    }

    /** The OperatorGroup decision, when {@code manifest} is the OperatorGroup step's object. */
    public Optional<OperatorGroupChoice> operatorGroupOf(Manifest manifest) {
        return operatorGroup != null && operatorGroup.manifest() == manifest ? Optional.of(operatorGroup)
                : Optional.empty();
    }

    /** Whether OLM's InstallPlan would generate this object from the CSV's permissions. */
    public boolean isGenerated(Manifest manifest) {
        return generated.contains(manifest);
    }

    /** Whether OLM mode adds this object (the OperatorGroup, or a generated one) rather than the bundle. */
    public boolean adds(Manifest manifest) {
        return operatorGroupOf(manifest).isPresent() || isGenerated(manifest);
    }

    /** Whether this plan has OLM-mode steps at all. */
    public boolean active() {
        return operatorGroup != null;
    }

    private static boolean isServiceAccount(Manifest manifest) {
        return manifest.groupKind().equals(GroupKind.SERVICE_ACCOUNT);
    }
}
