package dev.bundlectl.source.catalog;

import dev.bundlectl.bundle.dependency.Dependency;
import dev.bundlectl.bundle.dependency.RequiredGvk;
import dev.bundlectl.bundle.version.SemanticVersion;
import java.util.List;

/**
 * An {@code olm.bundle} blob, as far as choosing, pulling and resolving it needs.
 *
 * @param name the bundle name (the CSV name), which channel entries refer to
 * @param packageName its package
 * @param image the bundle image reference
 * @param version the version from its {@code olm.package} property, or null when it has none
 * @param dependencies what it needs: its {@code olm.package.required}, {@code olm.gvk.required} and
 *     package or GVK {@code olm.constraint} properties
 * @param provides the APIs it brings: its {@code olm.gvk} properties
 */
public record CatalogBundle(String name, String packageName, String image, SemanticVersion version,
        List<Dependency> dependencies, List<RequiredGvk> provides) {

    public CatalogBundle {
        dependencies = dependencies == null ? List.of() : List.copyOf(dependencies);
        provides = provides == null ? List.of() : List.copyOf(provides);
    }

    /** A bundle that needs and provides nothing the catalog says. */
    public CatalogBundle(String name, String packageName, String image, SemanticVersion version) {
        this(name, packageName, image, version, List.of(), List.of());
    }

    /** Its version as text, or its name when it has none: what a message or a status calls it. */
    public String versionText() {
        return version != null ? version.toString() : name;
    }

    /** {@code name (version)}, for messages. */
    public String describe() {
        return name + (version == null ? "" : " (" + packageName + " " + version + ")");
    }
}
