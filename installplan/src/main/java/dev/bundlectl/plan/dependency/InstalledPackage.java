package dev.bundlectl.plan.dependency;

import dev.bundlectl.bundle.dependency.RequiredGvk;
import dev.bundlectl.bundle.version.SemanticVersion;
import java.util.List;
import java.util.Objects;

/**
 * An operator package the target has, or will have when this bundle's turn comes.
 *
 * @param packageName the package
 * @param version its installed version, or null when not known
 * @param where what says so, for messages: {@code install record ns/name},
 *     {@code CSV ns/name}, or the bundle installed before this one in the same run
 * @param provides the APIs it brings, for a bundle not installed yet; empty for one on the cluster,
 *     whose APIs the cluster serves
 */
public record InstalledPackage(String packageName, SemanticVersion version, String where, List<RequiredGvk> provides) {

    public InstalledPackage {
        Objects.requireNonNull(packageName, "packageName");
        Objects.requireNonNull(where, "where");
        provides = provides == null ? List.of() : List.copyOf(provides);
    }

    /** A package on the cluster. */
    public static InstalledPackage onCluster(String packageName, SemanticVersion version, String where) {
        return new InstalledPackage(packageName, version, where, List.of());
    }

    /** The version as written, or {@code an unknown version}. */
    public String versionText() {
        return version == null ? "an unknown version" : version.toString();
    }
}
