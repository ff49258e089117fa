package dev.bundlectl.cli;

import dev.bundlectl.bundle.version.SemanticVersion;
import dev.bundlectl.crdschema.upgrade.ShapeInterner;
import dev.bundlectl.source.catalog.Catalog;
import dev.bundlectl.source.catalog.CatalogBundle;
import dev.bundlectl.source.catalog.CatalogChannel;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * {@code catalog check --upgrades}: every upgrade edge of every channel of a catalog, its CRD
 * updates compared offline ({@link PackageEdgeCheck}), package by package, each package's answer
 * handed to a sink as soon as its bundles are read. Two kinds of catalog:
 * <ul>
 *   <li>a directory of bundles, as {@code plan --recursive} finds them (the community-operators
 *       layout {@code <package>/<version>/}, or any other): each package's graph is its bundles'
 *       own, from their CSVs ({@code spec.replaces}, {@code spec.skips}, {@code olm.skipRange}) and
 *       the channels their annotations name. The bundles are read on a pool, one thread per core,
 *       in package order, so that no more than about one package's CRD shapes are held at once;</li>
 *   <li>a file-based catalog (a directory or an image): its channels as it writes them, each
 *       package's bundles pulled by their images.</li>
 * </ul>
 */
final class UpgradeEdgeCheck {

    /** How many bundles may be read ahead of the package being checked, per reading thread. */
    private static final int AHEAD_PER_THREAD = 16;

    private final PrintWriter err;

    /** @param err where unreadable bundles are named, one warning each */
    UpgradeEdgeCheck(PrintWriter err) {
        this.err = err;
    }

    /** Checks every package of a directory tree of bundles ({@code onlyPackage}'s alone when not null). */
    void bundleTree(Path root, List<Path> bundles, String onlyPackage, Consumer<PackageEdges> sink) {
        Map<String, List<Path>> byPackage = BundlePackages.of(bundles);
        if (onlyPackage != null) {
            List<Path> only = byPackage.get(onlyPackage);
            if (only == null) {
                throw new UserInputException("--package " + onlyPackage + ": no bundle of it below " + root);
            }
            byPackage = Map.of(onlyPackage, only);
        }
        // Every bundle of a package is read through one interner, which its package's check drops.
        List<Reading> readings = new ArrayList<>();
        byPackage.forEach((name, dirs) -> {
            ShapeInterner interner = new ShapeInterner();
            for (int i = 0; i < dirs.size(); i++) {
                readings.add(new Reading(name, dirs.get(i), interner, i == dirs.size() - 1));
            }
        });
        int threads = BatchPlanner.threadsFor(Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory());
        List<CheckedBundle.Read> read = new ArrayList<>();
        List<PackageEdges.Unreadable> unreadable = new ArrayList<>();
        InOrderPool.run(threads, threads * AHEAD_PER_THREAD, readings,
                reading -> new Done(reading, CheckedBundle.read(reading.dir(), reading.interner())), done -> {
                    if (done.bundle() instanceof CheckedBundle.Read bundle) {
                        read.add(bundle);
                    } else {
                        CheckedBundle.Unreadable refused = (CheckedBundle.Unreadable) done.bundle();
                        String label = PackageEdges.label(root, refused.dir());
                        err.println("warning: " + TerminalText.safe(label + ": cannot be read: " + refused.problem()
                                + "; its upgrade edges are not checked"));
                        unreadable.add(new PackageEdges.Unreadable(label, refused.problem()));
                    }
                    if (done.reading().last()) {
                        sink.accept(PackageEdgeCheck.ofBundles(done.reading().packageName(), List.copyOf(read),
                                List.copyOf(unreadable)));
                        read.clear();
                        unreadable.clear();
                    }
                }, "bundlectl-check");
    }

    /**
     * Checks every package of a file-based catalog ({@code onlyPackage}'s alone when not null),
     * pulling each package's bundles with {@code sourcing}.
     */
    void fileBasedCatalog(Catalog catalog, BundleSourcing sourcing, String onlyPackage, Consumer<PackageEdges> sink) {
        for (String packageName : catalog.packages().keySet()) {
            if (onlyPackage != null && !onlyPackage.equals(packageName)) {
                continue;
            }
            List<CatalogChannel> channels = catalog.channelsOf(packageName);
            List<CatalogBundle> bundles = catalog.bundles().stream()
                    .filter(bundle -> bundle.packageName().equals(packageName)).toList();
            Map<String, SemanticVersion> versions = new LinkedHashMap<>();
            bundles.stream().filter(bundle -> bundle.version() != null)
                    .forEach(bundle -> versions.putIfAbsent(bundle.name(), bundle.version()));
            ShapeInterner interner = new ShapeInterner();
            Map<String, CheckedBundle.Read> read = new LinkedHashMap<>();
            List<PackageEdges.Unreadable> unreadable = new ArrayList<>();
            for (CatalogBundle bundle : bundles) {
                CheckedBundle checked;
                try {
                    checked = CheckedBundle.read(sourcing.pull(List.of(bundle)).get(0).directory(), interner);
                } catch (RuntimeException e) {
                    checked = new CheckedBundle.Unreadable(Path.of(bundle.image()), "cannot be pulled: "
                            + e.getMessage());
                }
                if (checked instanceof CheckedBundle.Read found) {
                    read.putIfAbsent(bundle.name(), found);
                } else {
                    String problem = ((CheckedBundle.Unreadable) checked).problem();
                    err.println("warning: " + TerminalText.safe(bundle.name() + " (" + bundle.image() + "): " + problem
                            + "; its upgrade edges are not checked"));
                    unreadable.add(new PackageEdges.Unreadable(bundle.image(), problem));
                }
            }
            sink.accept(PackageEdgeCheck.ofChannels(packageName, bundles.size(), channels, versions, read, unreadable));
        }
    }

    /** One bundle to read, with its package's interner, and whether it is the package's last. */
    private record Reading(String packageName, Path dir, ShapeInterner interner, boolean last) {
    }

    /** A bundle read, with what it was read for. */
    private record Done(Reading reading, CheckedBundle bundle) {
    }
}
