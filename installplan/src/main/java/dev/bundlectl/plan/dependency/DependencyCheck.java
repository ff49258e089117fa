package dev.bundlectl.plan.dependency;

import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.dependency.Dependency;
import dev.bundlectl.bundle.dependency.RequiredGvk;
import dev.bundlectl.bundle.dependency.RequiredPackage;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.plan.api.ApiSurface;
import dev.bundlectl.plan.api.CrdApiResources;
import dev.bundlectl.plan.model.DependencyState;
import dev.bundlectl.plan.model.PlanDependency;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Judges each of a bundle's dependencies against the target, as OLM's resolver would before it
 * installs anything: a package by an install record or CSV of it in a version in range, an API by
 * the bundle's own CRDs or the target's discovery. Bundles installed earlier in the same run count
 * as installed. Offline, what cannot be seen is {@code Unknown}.
 */
public final class DependencyCheck {

    private final List<ApiResource> bundleApis;
    private final ApiSurface surface;
    private final String namespace;
    private final DependencyTarget target;

    /**
     * @param appliedCrds the bundle's CRDs that the plan applies
     * @param surface what the target serves, without the bundle's CRDs
     * @param namespace the install namespace, for messages
     * @param target what the target has installed
     */
    public DependencyCheck(Collection<Manifest> appliedCrds, ApiSurface surface, String namespace,
            DependencyTarget target) {
        this.bundleApis = CrdApiResources.from(appliedCrds);
        this.surface = surface;
        this.namespace = namespace;
        this.target = target;
    }

    /** Every dependency with its status, in the bundle's order. */
    public DependencyReport judge(List<Dependency> dependencies) {
        List<PlanDependency> statuses = new ArrayList<>(dependencies.size());
        for (Dependency dependency : dependencies) {
            // The interface is sealed to these two; Java 17 has no pattern switch over them.
            statuses.add(dependency instanceof RequiredPackage required ? judgePackage(required)
                    : judgeGvk((RequiredGvk) dependency));
        }
        return new DependencyReport(statuses, target.ignored(), namespace);
    }

    private PlanDependency judgePackage(RequiredPackage required) {
        for (InstalledPackage earlier : target.earlier()) {
            if (required.satisfiedBy(earlier.packageName(), earlier.version())) {
                return packageStatus(required, DependencyState.SATISFIED, earlier.where() + " " + earlier.versionText()
                        + ", installed before this bundle");
            }
        }
        if (target.installed().isEmpty()) {
            return packageStatus(required, DependencyState.UNKNOWN, "not checked: the plan was made offline");
        }
        List<InstalledPackage> sameName = target.installed().get().stream()
                .filter(installed -> installed.packageName().equals(required.packageName())).toList();
        for (InstalledPackage installed : sameName) {
            if (required.satisfiedBy(installed.packageName(), installed.version())) {
                return packageStatus(required, DependencyState.SATISFIED,
                        "installed: " + installed.where() + " " + installed.versionText());
            }
        }
        if (!sameName.isEmpty()) {
            InstalledPackage other = sameName.get(0);
            return packageStatus(required, DependencyState.UNSATISFIED, other.where() + " has " + other.versionText()
                    + ", outside " + required.versionRange());
        }
        return packageStatus(required, DependencyState.UNSATISFIED, "not installed in namespace " + namespace
                + ": no install record or CSV of package " + required.packageName());
    }

    private PlanDependency judgeGvk(RequiredGvk required) {
        for (ApiResource api : bundleApis) {
            if (matches(api, required)) {
                return gvkStatus(required, DependencyState.SATISFIED, "provided by this bundle's CRD "
                        + api.plural() + "." + api.group());
            }
        }
        for (InstalledPackage earlier : target.earlier()) {
            if (earlier.provides().contains(required)) {
                return gvkStatus(required, DependencyState.SATISFIED, "provided by " + earlier.where()
                        + ", installed before this bundle");
            }
        }
        Optional<ApiResource> served = surface.find(required.group(), required.version(), required.kind());
        if (served.isPresent()) {
            return gvkStatus(required, DependencyState.SATISFIED, "served by " + surface.description());
        }
        if (!target.isLive()) {
            return gvkStatus(required, DependencyState.UNKNOWN, "not checked: the plan was made offline and "
                    + surface.description() + " does not serve it");
        }
        return gvkStatus(required, DependencyState.UNSATISFIED, "not served by the cluster");
    }

    private static boolean matches(ApiResource api, RequiredGvk required) {
        return api.group().equals(required.group()) && api.version().equals(required.version())
                && api.kind().equals(required.kind());
    }

    private static PlanDependency packageStatus(RequiredPackage required, DependencyState state, String message) {
        return new PlanDependency(RequiredPackage.TYPE, required.packageName(), required.versionRange().toString(),
                null, null, null, state, message);
    }

    private static PlanDependency gvkStatus(RequiredGvk required, DependencyState state, String message) {
        return new PlanDependency(RequiredGvk.TYPE, null, null, required.group(), required.version(), required.kind(),
                state, message);
    }
}
