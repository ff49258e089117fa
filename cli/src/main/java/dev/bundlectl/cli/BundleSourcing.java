package dev.bundlectl.cli;

import dev.bundlectl.executor.waiting.Blocking;
import dev.bundlectl.source.errors.BadReferenceException;
import dev.bundlectl.source.BundleSources;
import dev.bundlectl.source.errors.CatalogException;
import dev.bundlectl.source.errors.RefusedImageException;
import dev.bundlectl.source.ResolvedSource;
import dev.bundlectl.source.errors.SourceException;
import dev.bundlectl.source.reference.ImageReference;
import dev.bundlectl.source.reference.ReferenceParser;
import io.vertx.core.Vertx;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.function.Function;

/**
 * Turns what the user named (a directory, an image reference, or a catalog and package) into a
 * directory to plan, before any cluster is contacted. A Vert.x instance exists only while an image
 * is pulled; the main thread waits for it at this edge, as it does for the cluster.
 */
final class BundleSourcing {

    private final RegistryAccessOptions registry;
    private final PrintWriter err;

    BundleSourcing(RegistryAccessOptions registry, PrintWriter err) {
        this.registry = registry;
        this.err = err;
    }

    /** The input of plan or install: DIR (or an image), or --catalog with --package. */
    SourcedInput resolve(PlanInputOptions input) {
        CatalogChoiceOptions catalog = input.catalog;
        if (catalog.given()) {
            if (catalog.catalog == null) {
                throw new UserInputException("--package, --channel and --version choose from a catalog; give --catalog DIR|IMAGE");
            }
            if (input.directory != null) {
                throw new UserInputException("give either DIR (or an image) or --catalog, not both");
            }
            if (catalog.packageName == null) {
                throw new UserInputException("--catalog " + catalog.catalog + " needs --package P");
            }
            BundleSources.Chosen chosen = withSources(sources -> Blocking.result(sources.fromCatalog(catalog.catalog,
                    catalog.packageName, catalog.channel, catalog.version)));
            err.println("catalog " + catalog.catalog + ": package " + catalog.packageName + ", channel "
                    + chosen.choice().channel() + ": " + chosen.choice().bundle().name() + " ("
                    + chosen.choice().bundle().image() + ")");
            return sourced(chosen.source(), chosen.choice().bundle().image());
        }
        return reference(input.directory.toString());
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
