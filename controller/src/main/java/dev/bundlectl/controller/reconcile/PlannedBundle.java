package dev.bundlectl.controller.reconcile;

import dev.bundlectl.plan.model.InstallPlan;
import java.util.List;
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
 * @param laterHops on a walk along a catalog's channel (docs/semantics.md §9), the bundles installed
 *     after this one, in order, as {@code name@image}: the plan digest covers them, so one approval
 *     covers the whole walk; empty otherwise
 * @param channel where the install stands on its catalog's channel, or null for a source that is no catalog
 * @param catalogEntry the catalog's bundle this plan installs, as {@code name@image} (the form of
 *     {@code laterHops}); null for a source that is no catalog
 * @param previous what the package's latest install record in the namespace says, as planning read
 *     it; null before the first install
 */
public record PlannedBundle(InstallPlan plan, String packageName, String csvName, String version, String bundleImage,
        Object handle, List<String> laterHops, ChannelStanding channel, String catalogEntry, RecordedInstall previous) {

    /** Checks the required parts. */
    public PlannedBundle {
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(packageName, "packageName");
        laterHops = laterHops == null ? List.of() : List.copyOf(laterHops);
    }

    /** A bundle installed as it is, not along a channel. */
    public PlannedBundle(InstallPlan plan, String packageName, String csvName, String version, String bundleImage,
            Object handle) {
        this(plan, packageName, csvName, version, bundleImage, handle, List.of(), null, null, null);
    }

    /** A catalog's bundle as {@code laterHops} and {@code catalogEntry} name it: {@code name@image}. */
    public static String hop(String name, String image) {
        return name + "@" + image;
    }
}
