package dev.bundlectl.bundle.dependency;

import dev.bundlectl.bundle.version.SemanticVersion;
import dev.bundlectl.bundle.version.VersionRange;
import java.util.Objects;

/**
 * An operator package that must be installed, in a version the range allows.
 *
 * @param packageName the package, as its catalog and its bundles' annotations name it
 * @param versionRange the versions that satisfy it, in blang/semver range syntax
 */
public record RequiredPackage(String packageName, VersionRange versionRange) implements Dependency {

    /** OLM's type name for it. */
    public static final String TYPE = "olm.package";

    public RequiredPackage {
        Objects.requireNonNull(packageName, "packageName");
        Objects.requireNonNull(versionRange, "versionRange");
    }

    /** Whether {@code version} of package {@code name} satisfies this dependency. */
    public boolean satisfiedBy(String name, SemanticVersion version) {
        return packageName.equals(name) && version != null && versionRange.contains(version);
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public String describe() {
        return "package " + packageName + " " + versionRange;
    }
}
