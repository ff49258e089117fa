package dev.bundlectl.source.image;

import dev.bundlectl.source.registry.ContentStore;
import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.source.errors.RefusedImageException;
import dev.bundlectl.source.cache.SourceCache;
import dev.bundlectl.source.cache.SourceCache.Kind;
import dev.bundlectl.source.registry.ContentStore.FetchedManifest;
import dev.bundlectl.source.image.ImageDocuments.ImageManifest;
import dev.bundlectl.source.layer.ExtractionLimits;
import dev.bundlectl.source.layer.LayerExtractor;
import dev.bundlectl.source.reference.Digest;
import dev.bundlectl.source.reference.ImageReference;
import dev.bundlectl.source.reference.OciArchiveReference;
import dev.bundlectl.source.reference.OciLayoutReference;
import dev.bundlectl.source.reference.RegistryReference;
import dev.bundlectl.source.registry.Descriptor;
import dev.bundlectl.source.registry.RegistryClient;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Pulls a bundle or catalog image into the cache: resolves the reference to a manifest (through an
 * index to linux/amd64), answers from the cache when that digest is already there, else fetches
 * the config and layers (each verified), checks the labels, extracts the labelled directories in
 * a scratch directory and renames the result into place. Blocking file work runs on workers.
 */
public final class ImagePuller {

    private static final long MAX_CONFIG = 4L * 1024 * 1024;

    private final Vertx vertx;
    private final RegistryClient registry;
    private final SourceCache cache;

    public ImagePuller(Vertx vertx, RegistryClient registry, SourceCache cache) {
        this.vertx = vertx;
        this.registry = registry;
        this.cache = cache;
    }

    /**
     * @param refresh fetch and extract again even when the cache has the digest
     */
    public Future<PulledImage> pull(ImageReference reference, Kind kind, boolean refresh) {
        return vertx.executeBlocking(cache::scratch, false).compose(scratch -> store(reference, scratch)
                .compose(store -> pull(reference, store, kind, refresh, scratch))
                .transform(result -> vertx.executeBlocking(() -> {
                    cache.discard(scratch);
                    return null;
                }, false).transform(ignored -> result.succeeded() ? Future.succeededFuture(result.result())
                        : Future.<PulledImage>failedFuture(result.cause()))));
    }

    private Future<ContentStore> store(ImageReference reference, Path scratch) {
        if (reference instanceof RegistryReference image) {
            return Future.succeededFuture(registry.repository(image));
        }
        if (reference instanceof OciLayoutReference layout) {
            return Future.succeededFuture(new OciLayoutStore(vertx, layout.directory(), layout.tag()));
        }
        OciArchiveReference archive = (OciArchiveReference) reference;
        return vertx.executeBlocking(() -> {
            new LayerExtractor(Map.of("", "layout"), scratch, ExtractionLimits.CATALOG)
                    .apply(archive.archive(), "oci-archive " + archive.archive());
            return (ContentStore) new OciLayoutStore(vertx, scratch.resolve("layout"), archive.tag());
        }, false);
    }

    /**
     * The cache is keyed by the digest the reference resolves to (an index's own digest when it is
     * one): a digest reference found there needs no request at all, and a tag needs only its
     * manifest request.
     */
    private Future<PulledImage> pull(ImageReference reference, ContentStore store, Kind kind, boolean refresh,
            Path scratch) {
        if (reference.digest().isPresent() && !refresh) {
            Digest pinned = reference.digest().get();
            return vertx.executeBlocking(() -> cache.lookup(kind, pinned), false).compose(cached -> cached.isPresent()
                    ? Future.succeededFuture(new PulledImage(reference.text(), pinned, cached.get(), true))
                    : resolveAndFetch(reference, store, kind, false, scratch));
        }
        return resolveAndFetch(reference, store, kind, refresh, scratch);
    }

    private Future<PulledImage> resolveAndFetch(ImageReference reference, ContentStore store, Kind kind, boolean refresh,
            Path scratch) {
        String first = reference.digest().map(Digest::toString).orElse(tag(reference));
        return store.manifest(first, scratch).compose(top -> vertx.executeBlocking(() -> cache.lookup(kind, top.digest()),
                false).compose(cached -> cached.isPresent() && !refresh
                        ? Future.succeededFuture(new PulledImage(reference.text(), top.digest(), cached.get(), true))
                        : resolved(store, top, scratch).compose(resolved -> fetch(reference, store, kind, resolved,
                                scratch, refresh))));
    }

    private Future<Resolved> resolved(ContentStore store, FetchedManifest top, Path scratch) {
        return document(top).compose(topDocument -> {
            if (!ImageDocuments.isIndex(top.mediaType(), topDocument)) {
                return Future.succeededFuture(new Resolved(top.digest(), top.digest(), topDocument));
            }
            Descriptor chosen = ImageDocuments.platformOf(topDocument, store.describe() + " index " + top.digest());
            return store.manifest(chosen.digest().toString(), scratch).compose(platform -> document(platform)
                    .map(manifest -> new Resolved(top.digest(), platform.digest(), manifest)));
        });
    }

    private static String tag(ImageReference reference) {
        if (reference instanceof RegistryReference image) {
            return image.tag();
        }
        if (reference instanceof OciLayoutReference layout) {
            return layout.tag();
        }
        return ((OciArchiveReference) reference).tag();
    }

    private record Resolved(Digest topDigest, Digest manifestDigest, JsonNode manifest) {
    }

    private Future<JsonNode> document(FetchedManifest fetched) {
        return vertx.fileSystem().readFile(fetched.file().toString())
                .map(bytes -> ImageDocuments.parse(bytes.getBytes(), "manifest " + fetched.digest()));
    }

    private Future<PulledImage> fetch(ImageReference reference, ContentStore store, Kind kind, Resolved resolved,
            Path scratch, boolean refresh) {
        String what = reference.text();
        ImageManifest manifest = ImageDocuments.manifest(resolved.manifest(), what + " manifest " + resolved.manifestDigest());
        if (manifest.config().size() > MAX_CONFIG) {
            return Future.failedFuture(new RefusedImageException(what + ": image config larger than 4 MiB"));
        }
        ExtractionLimits limits = kind == Kind.BUNDLES ? ExtractionLimits.BUNDLE : ExtractionLimits.CATALOG;
        for (Descriptor layer : manifest.layers()) {
            if (layer.size() > limits.totalBytes()) {
                return Future.failedFuture(new RefusedImageException(what + ": layer " + layer.digest() + " is larger "
                        + "than " + limits.totalBytes() + " bytes"));
            }
        }
        return store.blob(manifest.config(), scratch)
                .compose(configFile -> vertx.fileSystem().readFile(configFile.toString()))
                .map(bytes -> selection(what, kind, ImageDocuments.labels(ImageDocuments.parse(bytes.getBytes(),
                        what + " image config"))))
                .compose(selection -> layers(store, manifest.layers(), scratch).compose(files -> vertx.executeBlocking(() -> {
                    Path staged = Files.createDirectory(scratch.resolve("staged"));
                    LayerExtractor extractor = new LayerExtractor(selection, staged, limits);
                    for (int i = 0; i < files.size(); i++) {
                        extractor.apply(files.get(i), what + " layer " + manifest.layers().get(i).digest());
                    }
                    for (String directory : selection.values()) {
                        if (!Files.isDirectory(staged.resolve(directory))) {
                            throw new RefusedImageException(what + ": the layers have no " + labelledAs(selection, directory)
                                    + " directory");
                        }
                    }
                    return cache.commit(staged, kind, resolved.topDigest(), refresh);
                }, false)))
                .map(directory -> new PulledImage(reference.text(), resolved.topDigest(), directory, false));
    }

    private static String labelledAs(Map<String, String> selection, String directory) {
        return selection.entrySet().stream().filter(e -> e.getValue().equals(directory)).map(Map.Entry::getKey)
                .findFirst().orElse(directory);
    }

    private Future<List<Path>> layers(ContentStore store, List<Descriptor> layers, Path scratch) {
        Future<List<Path>> all = Future.succeededFuture(new ArrayList<>());
        for (Descriptor layer : layers) {
            all = all.compose(files -> store.blob(layer, scratch).map(file -> {
                files.add(file);
                return files;
            }));
        }
        return all;
    }

    /** Which image directories to take, from the labels; refuses a bundle that is not registry+v1. */
    private static Map<String, String> selection(String what, Kind kind, Map<String, String> labels) {
        Map<String, String> selection = new LinkedHashMap<>();
        if (kind == Kind.CATALOGS) {
            selection.put(labels.getOrDefault(ImageLabels.CATALOG_CONFIGS, "/configs"), "configs");
            return selection;
        }
        String mediaType = labels.get(ImageLabels.MEDIA_TYPE);
        if (mediaType == null) {
            throw new RefusedImageException(what + ": not a bundle image: label " + ImageLabels.MEDIA_TYPE + " is missing");
        }
        if (!mediaType.equals("registry+v1")) {
            throw new RefusedImageException(what + ": label " + ImageLabels.MEDIA_TYPE + " is \"" + mediaType
                    + "\"; only registry+v1 bundles can be installed");
        }
        selection.put(labels.getOrDefault(ImageLabels.MANIFESTS, "manifests/"), "manifests");
        selection.put(labels.getOrDefault(ImageLabels.METADATA, "metadata/"), "metadata");
        return selection;
    }
}
