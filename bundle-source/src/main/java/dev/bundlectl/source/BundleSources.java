package dev.bundlectl.source;

import dev.bundlectl.source.cache.SourceCache;
import dev.bundlectl.source.cache.SourceCache.Kind;
import dev.bundlectl.source.catalog.Catalog;
import dev.bundlectl.source.catalog.CatalogLoader;
import dev.bundlectl.source.catalog.CatalogSelection;
import dev.bundlectl.source.catalog.ChoiceNames;
import dev.bundlectl.source.image.ImagePuller;
import dev.bundlectl.source.image.PulledImage;
import dev.bundlectl.source.reference.ImageReference;
import dev.bundlectl.source.reference.LocalDirectory;
import dev.bundlectl.source.reference.ReferenceParser;
import dev.bundlectl.source.reference.RegistryReference;
import dev.bundlectl.source.reference.SourceReference;
import dev.bundlectl.source.registry.RegistryClient;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The entry point: a bundle reference, or a catalog and a package, to a local bundle directory.
 * Everything is asynchronous on the given Vert.x instance; callers outside an event loop may wait
 * on the futures.
 */
public final class BundleSources implements AutoCloseable {

    private final Vertx vertx;
    private final SourceSettings settings;
    private final RegistryClient registry;
    private final ImagePuller puller;
    private final SourceCache cache;

    public BundleSources(Vertx vertx, SourceSettings settings) {
        this.vertx = vertx;
        this.settings = settings;
        this.registry = new RegistryClient(vertx, settings.registry());
        this.cache = new SourceCache(settings.cacheRoot());
        this.puller = new ImagePuller(vertx, registry, cache);
    }

    /**
     * {@code reference} pinned to the digest its tag points at now: {@code registry/repo@sha256:...}
     * for a registry image named by tag, from one {@code HEAD} of its manifest and nothing pulled;
     * the reference itself for a digest, a directory, an OCI layout or archive. Pulling the pinned
     * reference later needs no request when the cache has that digest.
     */
    public Future<String> pinned(String reference) {
        return parse(reference).compose(parsed -> {
            if (!(parsed instanceof RegistryReference image) || image.pinnedDigest() != null) {
                return Future.succeededFuture(reference);
            }
            return registry.currentDigest(image).compose(digest -> digest.isPresent()
                    ? Future.succeededFuture(image.pinned(digest.get()))
                    : manifestDigest(image).map(image::pinned));
        });
    }

    /**
     * A directory stays as it is; an image is pulled (or found in the cache). A malformed
     * reference fails with {@link BadReferenceException}.
     */
    public Future<ResolvedSource> bundle(String reference) {
        return parse(reference).compose(parsed -> {
            if (parsed instanceof LocalDirectory directory) {
                return Future.succeededFuture(new ResolvedSource(directory.path(), Optional.empty()));
            }
            ImageReference image = (ImageReference) parsed;
            return puller.pull(image, Kind.BUNDLES, settings.refresh()).map(pulled -> resolved(image, pulled));
        });
    }

    /** Parsing looks at the file system (is it a directory?), so it runs on a worker, never an event loop. */
    private Future<SourceReference> parse(String reference) {
        return vertx.executeBlocking(() -> ReferenceParser.parse(reference), false);
    }

    /** A registry that does not send a HEAD's digest: the manifest is read, and its bytes give it. */
    private Future<dev.bundlectl.source.reference.Digest> manifestDigest(RegistryReference image) {
        return vertx.executeBlocking(cache::scratch, false).compose(scratch -> registry.repository(image)
                .manifest(image.tag(), scratch).transform(result -> vertx.executeBlocking(() -> {
                    cache.discard(scratch);
                    return null;
                }, false).transform(ignored -> result.succeeded() ? Future.succeededFuture(result.result().digest())
                        : Future.failedFuture(result.cause()))));
    }

    /** A catalog from a directory or a catalog image, with the directory it was read from. */
    public Future<LoadedCatalog> catalog(String reference) {
        Future<Path> directory = parse(reference).compose(parsed -> parsed instanceof LocalDirectory local
                ? Future.succeededFuture(local.path())
                : puller.pull((ImageReference) parsed, Kind.CATALOGS, settings.refresh())
                        .map(pulled -> pulled.directory().resolve("configs")));
        return directory.compose(dir -> vertx.executeBlocking(() -> new LoadedCatalog(new CatalogLoader().load(dir), dir),
                false));
    }

    /** The bundle a catalog picks for the package (channel head unless a version is named), pulled. */
    public Future<Chosen> fromCatalog(String catalog, String packageName, String channel, String version) {
        return fromCatalog(catalog, ChoiceNames.FLAGS, packageName, channel, version);
    }

    /** As {@link #fromCatalog(String, String, String, String)}, naming the choice's parts as {@code names} says. */
    public Future<Chosen> fromCatalog(String catalog, ChoiceNames names, String packageName, String channel,
            String version) {
        return catalog(catalog).compose(loaded -> {
            CatalogSelection.Chosen chosen = CatalogSelection.choose(loaded.catalog(), names, packageName, channel,
                    version);
            return bundle(chosen.bundle().image()).map(source -> new Chosen(chosen, source));
        });
    }

    /** A loaded catalog and the directory it came from. */
    public record LoadedCatalog(Catalog catalog, Path directory) {
    }

    /** A catalog's choice and its pulled bundle. */
    public record Chosen(CatalogSelection.Chosen choice, ResolvedSource source) {
    }

    private static ResolvedSource resolved(ImageReference image, PulledImage pulled) {
        return new ResolvedSource(pulled.directory(), Optional.of(new ResolvedSource.ImageOrigin(image.text(),
                pulled.digest(), image.pinned(pulled.digest()))));
    }

    @Override
    public void close() {
        registry.close();
    }
}
