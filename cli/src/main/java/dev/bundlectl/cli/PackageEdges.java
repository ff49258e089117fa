package dev.bundlectl.cli;

import dev.bundlectl.crdschema.upgrade.UpgradeFinding;
import java.nio.file.Path;
import java.util.List;

/**
 * One package's upgrade edges, checked.
 *
 * @param packageName the package
 * @param bundles how many bundles it has (readable or not)
 * @param channels how many channels
 * @param edges how many distinct upgrade edges (an edge in several channels counts once), downgrades
 *     not counted
 * @param downgrades edges to a lower version, left out: bundlectl installs none without {@code --force}
 * @param unchecked edges whose bundle (either end) could not be read or pulled
 * @param comparisons how many distinct pairs of CRDs were compared
 * @param broken the edges whose CRD updates would break something, in channel order
 * @param unreadable the package's bundles that could not be read, each with why
 */
record PackageEdges(String packageName, int bundles, int channels, int edges, int downgrades, int unchecked,
        int comparisons, List<EdgeFindings> broken, List<Unreadable> unreadable) {

    PackageEdges {
        broken = List.copyOf(broken);
        unreadable = List.copyOf(unreadable);
    }

    /**
     * A bundle that could not be read.
     *
     * @param bundle the bundle directory, or the image a catalog names
     * @param problem why
     */
    record Unreadable(String bundle, String problem) {
    }

    /** Every finding of every broken edge. */
    List<UpgradeFinding> findings() {
        return broken.stream().flatMap(edge -> edge.findings().stream()).toList();
    }

    /** A bundle directory as the report names it: relative to the catalog's root. */
    static String label(Path root, Path bundle) {
        return bundle.startsWith(root) && !bundle.equals(root) ? root.relativize(bundle).toString() : bundle.toString();
    }
}
