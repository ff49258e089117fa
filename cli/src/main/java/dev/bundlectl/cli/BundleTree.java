package dev.bundlectl.cli;

import dev.bundlectl.bundle.read.BundleLayout;
import dev.bundlectl.bundle.layout.LayoutResolver;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Finds the bundles below a directory for {@code plan --recursive}. A directory is a bundle when
 * it holds a bundle root ({@code manifests/} or {@code metadata/annotations.yaml}) or, at the
 * root, a ClusterServiceVersion file (what {@link BundleLayout} counts as an odd layout, so that
 * the reader explains it). The walk never descends into a bundle it found, skips hidden
 * directories, stops at {@link #MAX_DEPTH} levels, and follows a symbolic link only when its
 * target lies inside the root: a catalog is a closed tree, as a bundle is.
 */
final class BundleTree {

    /**
     * Deep enough for every catalog layout seen ({@code <group>/<operator>/<version>/bundle}),
     * shallow enough that a mistaken {@code --recursive /} ends quickly.
     */
    static final int MAX_DEPTH = 8;

    private final Path root;
    private final Path realRoot;
    private final List<Path> bundles = new ArrayList<>();
    private final List<String> skipped = new ArrayList<>();
    private final Set<Path> visited = new HashSet<>();

    private BundleTree(Path root, Path realRoot) {
        this.root = root;
        this.realRoot = realRoot;
    }

    /**
     * What lies below {@code root}.
     *
     * @param bundles the bundle directories in sorted walk order, each {@code root.resolve(relative)}
     * @param skipped one line per directory left out for a reason the user should hear of (a link
     *     out of the root, too deep, unreadable)
     */
    record Found(List<Path> bundles, List<String> skipped) {

        Found {
            bundles = List.copyOf(bundles);
            skipped = List.copyOf(skipped);
        }
    }

    /**
     * The bundles below {@code root}, each skipped directory a warning on {@code err}; a root with
     * none is invalid input, as {@link #below} makes one that is no directory.
     */
    static List<Path> bundlesBelow(Path root, java.io.PrintWriter err) {
        Found found = below(root);
        found.skipped().forEach(line -> err.println("warning: " + TerminalText.safe(line)));
        if (found.bundles().isEmpty()) {
            throw new UserInputException(root + ": no bundle below it (a bundle is a directory with manifests/ "
                    + "and metadata/)");
        }
        return found.bundles();
    }

    /** Walks {@code root}; a root that is not a readable directory is invalid input. */
    static Found below(Path root) {
        if (!Files.isDirectory(root)) {
            throw new UserInputException(root + ": not a directory (--recursive walks a directory of bundles)");
        }
        Path realRoot;
        try {
            realRoot = root.toRealPath();
        } catch (IOException e) {
            throw new UserInputException(root + ": cannot resolve the directory: " + e.getMessage());
        }
        BundleTree tree = new BundleTree(root, realRoot);
        tree.walk(root, 0);
        return new Found(tree.bundles, tree.skipped);
    }

    private void walk(Path dir, int depth) {
        Path real;
        try {
            real = dir.toRealPath();
        } catch (IOException e) {
            skipped.add(dir + ": cannot resolve: " + e.getMessage());
            return;
        }
        if (!real.startsWith(realRoot)) {
            skipped.add(dir + ": a link to " + real + ", outside " + root + ": not followed");
            return;
        }
        // A link back up the tree would otherwise be walked again (and again).
        if (!visited.add(real)) {
            return;
        }
        if (isBundle(dir)) {
            bundles.add(dir);
            return;
        }
        if (depth >= MAX_DEPTH) {
            skipped.add(dir + ": deeper than " + MAX_DEPTH + " levels below " + root + ": not searched");
            return;
        }
        for (Path sub : subdirectories(dir)) {
            walk(sub, depth + 1);
        }
    }

    /** The bundle-root test alone: a directory whose child is a bundle is searched, not planned. */
    private static boolean isBundle(Path dir) {
        return LayoutResolver.holdsBundleRoot(dir) || BundleLayout.isBundle(dir) && !hasBundleChild(dir);
    }

    private static boolean hasBundleChild(Path dir) {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                if (Files.isDirectory(entry) && LayoutResolver.holdsBundleRoot(entry)) {
                    return true;
                }
            }
        } catch (IOException e) {
            return false;
        }
        return false;
    }

    private List<Path> subdirectories(Path dir) {
        List<Path> subdirectories = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                if (!name.startsWith(".") && Files.isDirectory(entry)) {
                    subdirectories.add(entry);
                }
            }
        } catch (IOException e) {
            skipped.add(dir + ": cannot list: " + e.getMessage());
        }
        subdirectories.sort(null);
        return subdirectories;
    }
}
