package dev.bundlectl.controller.reconcile;

import dev.bundlectl.plan.model.InstallPlan;
import java.util.Objects;

/**
 * A bundle fetched and planned for one BundleInstall.
 *
 * @param plan the plan, Secret values not yet redacted (it is what will be installed)
 * @param packageName the bundle's package
 * @param csvName the CSV's name, or null
 * @param version the CSV's {@code spec.version}, or null
 * @param bundleImage the bundle image by digest, or null for a bundle that came from a ConfigMap
 * @param handle whatever the installer needs to install exactly this plan later (a bundle directory)
 */
public record PlannedBundle(InstallPlan plan, String packageName, String csvName, String version, String bundleImage,
        Object handle) {

    /** Checks the required parts. */
    public PlannedBundle {
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(packageName, "packageName");
    }
}
