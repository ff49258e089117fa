package dev.bundlectl.cli;

import dev.bundlectl.bundle.dependency.Dependency;
import dev.bundlectl.bundle.dependency.RequiredGvk;
import dev.bundlectl.executor.waiting.Blocking;
import dev.bundlectl.plan.api.ApiSurfaces;
import dev.bundlectl.source.catalog.Catalog;
import dev.bundlectl.source.catalog.CatalogBundle;
import dev.bundlectl.source.catalog.CatalogLoader;
import dev.bundlectl.bundle.version.VersionConstraint;
import dev.bundlectl.source.catalog.CatalogSelection;
import dev.bundlectl.source.catalog.ChoiceNames;
import dev.bundlectl.source.catalog.DependencyResolution;
import dev.bundlectl.source.catalog.DependencyResolver;
import dev.bundlectl.source.errors.BadReferenceException;
import dev.bundlectl.source.BundleSources;
import dev.bundlectl.source.errors.CatalogException;
import dev.bundlectl.source.errors.RefusedImageException;
import dev.bundlectl.source.ResolvedSource;
import dev.bundlectl.source.errors.SourceException;
import dev.bundlectl.source.reference.ImageReference;
import dev.bundlectl.source.reference.LocalDirectory;
import dev.bundlectl.source.reference.ReferenceParser;
import io.vertx.core.Vertx;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Turns what the user named (a directory, an image reference, or a catalog and package) into a
 * directory to plan, before any cluster is contacted. A Vert.x instance exists only while an image
 * is pulled (a catalog directory is read without one); the main thread waits for it at this edge,
 * as it does for the cluster.
 */
final class BundleSourcing {

    private final RegistryAccessOptions registry;
    private final PrintWriter err;

    BundleSourcing(RegistryAccessOptions registry, PrintWriter err) {
        this.registry = registry;
        this.err = err;
    }

    /**
     * The input of plan or install: DIR, or an image. A {@code --catalog} input is resolved with its
     * dependencies, by {@link #resolveChain}.
     */
    SourcedInput resolve(PlanInputOptions input) {
        if (input.catalog.given()) {
            throw new IllegalStateException("a --catalog input is resolved with its dependencies (resolveChain)");
        }
        return reference(input.directory.toString());
    }

    /**
     * The bundle a catalog picks and every dependency it resolves to, pulled, for
     * {@code --catalog}; the dependencies are resolved as offline (only APIs of the built-in surface
     * count as met), and a live install drops what the cluster already meets
     * ({@link CatalogChain#without}).
     */
    CatalogChain resolveChain(PlanInputOptions input) {
        CatalogChoiceOptions choice = input.catalog;
        checkCatalogChoice(input);
        return withSources(sources -> {
            BundleSources.LoadedCatalog loaded = Blocking.result(sources.catalog(choice.catalog));
            CatalogSelection.Chosen chosen = choice.versionRange == null
                    ? CatalogSelection.choose(loaded.catalog(), choice.packageName, choice.channel, choice.version)
                    : CatalogSelection.chooseInRange(loaded.catalog(), ChoiceNames.FLAGS, choice.packageName,
                            choice.channel, versionRange(choice.versionRange), "--version-range");
            CatalogBundle root = chosen.bundle();
            err.println("catalog " + choice.catalog + ": package " + choice.packageName + ", channel "
                    + chosen.channel() + ": " + root.name() + " (" + root.image() + ")");
            DependencyResolution resolution = new DependencyResolver(loaded.catalog(), OFFLINE_MET).resolve(root);
            if (resolution instanceof DependencyResolution.Refused refused) {
                throw new UserInputException("--catalog " + choice.catalog + ": " + refused.reason());
            }
            List<CatalogBundle> chain = ((DependencyResolution.Resolved) resolution).chain();
            Map<String, SourcedInput> pulled = new LinkedHashMap<>();
            for (CatalogBundle bundle : chain) {
                pulled.put(bundle.name(), sourced(Blocking.result(sources.bundle(bundle.image())), bundle.image()));
            }
            if (chain.size() > 1) {
                err.println("catalog " + choice.catalog + ": dependencies resolved, in install order: "
                        + CatalogChain.describe(chain));
            }
            return new CatalogChain(loaded.catalog(), chosen.channel(), root, chain, pulled);
        });
    }

    /** The range {@code --version-range} gives, read before anything is pulled or asked of a cluster. */
    static VersionConstraint versionRange(String text) {
        try {
            return VersionConstraint.parse(text);
        } catch (IllegalArgumentException e) {
            throw new UserInputException("--version-range: " + e.getMessage());
        }
    }

    private static void checkCatalogChoice(PlanInputOptions input) {
        CatalogChoiceOptions catalog = input.catalog;
        if (catalog.version != null && catalog.versionRange != null) {
            throw new UserInputException("give either --version or --version-range, not both");
        }
        if (catalog.versionRange != null) {
            versionRange(catalog.versionRange);
        }
        if (catalog.catalog == null) {
            throw new UserInputException("--package, --channel and --version choose from a catalog; give --catalog DIR|IMAGE");
        }
        if (input.directory != null) {
            throw new UserInputException("give either DIR (or an image) or --catalog, not both");
        }
        if (catalog.packageName == null) {
            throw new UserInputException("--catalog " + catalog.catalog + " needs --package P");
        }
    }

    /** Offline, a dependency is met only by an API the built-in surface serves. */
    private static final Predicate<Dependency> OFFLINE_MET =
            ChainPlanning.metBy(List.of(), BundleSourcing::builtInServes);

    /** Whether the built-in surface (Kubernetes and OLM's APIs) serves the API. */
    static boolean builtInServes(RequiredGvk gvk) {
        return ApiSurfaces.builtIn().find(gvk.group(), gvk.version(), gvk.kind()).isPresent();
    }

    /** Each of these catalog bundles pulled (an image) or found (a directory), in order. */
    List<SourcedInput> pull(List<CatalogBundle> bundles) {
        return withSources(sources -> bundles.stream()
                .map(bundle -> sourced(Blocking.result(sources.bundle(bundle.image())), bundle.image())).toList());
    }

    /** A directory or an image reference. */
    SourcedInput reference(String text) {
        if (!(parse(text) instanceof ImageReference)) {
            return SourcedInput.directory(Path.of(text));
        }
        return sourced(withSources(sources -> Blocking.result(sources.bundle(text))), text);
    }

    /** The directory of exactly the recorded digest of a reviewed plan's image. */
    Path pinned(BundleSourceAnnotation.Recorded recorded, String planFile) {
        ImageReference image;
        try {
            image = ReferenceParser.parseImage(recorded.reference());
        } catch (BadReferenceException e) {
            throw new UserInputException(planFile + ": metadata.annotations[" + BundleSourceAnnotation.ANNOTATION
                    + "]: " + e.getMessage());
        }
        return reference(image.pinned(recorded.digest())).directory();
    }

    /**
     * The catalog {@code reference} names. A directory is read on this thread: a Vert.x instance
     * and a registry client are for a catalog image only, and {@code catalog DIR} is offline work.
     */
    Catalog catalog(String reference) {
        if (parse(reference) instanceof LocalDirectory directory) {
            try {
                return new CatalogLoader().load(directory.path());
            } catch (CatalogException e) {
                throw new UserInputException(e.getMessage());
            }
        }
        return withSources(sources -> Blocking.result(sources.catalog(reference))).catalog();
    }

    /** Runs {@code work} with a BundleSources on a Vert.x instance of its own, closed afterwards. */
    <T> T withSources(Function<BundleSources, T> work) {
        Vertx vertx = Vertx.vertx();
        try (BundleSources sources = new BundleSources(vertx, settings())) {
            return work.apply(sources);
        } catch (BadReferenceException | CatalogException | RefusedImageException e) {
            throw new UserInputException(e.getMessage());
        } finally {
            Blocking.result(vertx.close());
        }
    }

    private dev.bundlectl.source.SourceSettings settings() {
        try {
            return registry.settings();
        } catch (SourceException e) {
            throw new UserInputException(e.getMessage());
        }
    }

    private static dev.bundlectl.source.reference.SourceReference parse(String text) {
        try {
            return ReferenceParser.parse(text);
        } catch (BadReferenceException e) {
            throw new UserInputException(e.getMessage());
        }
    }

    private static SourcedInput sourced(ResolvedSource source, String label) {
        return new SourcedInput(source.directory(), label, source.image());
    }
}
