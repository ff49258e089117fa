package dev.bundlectl.source.catalog;

import java.util.List;

/** What resolving a bundle's dependencies from a catalog came to. */
public sealed interface DependencyResolution permits DependencyResolution.Resolved, DependencyResolution.Refused {

    /**
     * Every bundle to install, dependencies first and the chosen bundle last.
     *
     * @param chain the install order; just the chosen bundle when nothing was needed
     */
    record Resolved(List<CatalogBundle> chain) implements DependencyResolution {

        public Resolved {
            chain = List.copyOf(chain);
        }
    }

    /**
     * The catalog cannot satisfy the dependencies: none of its bundles meets one, they form a
     * cycle, or two of them need versions of a package that exclude each other.
     *
     * @param reason one line naming the chain that led to it
     */
    record Refused(String reason) implements DependencyResolution {
    }
}
