package dev.bundlectl.controller.source;

import dev.bundlectl.source.BundleSources;
import dev.bundlectl.source.ResolvedSource;
import io.vertx.core.Future;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The controller's one way to images and catalogs, shared by all its reconciles: one registry
 * client (its tokens and the registries' addresses kept), tags pinned through {@link ImageDigests},
 * and the few catalogs in use kept parsed, so that the two hundred BundleInstalls of one catalog
 * read and parse it once per digest rather than once each.
 */
public final class ControllerSources implements AutoCloseable {

    /** Catalogs kept parsed; a fleet follows a handful, and a parsed catalog can be large. */
    private static final int PARSED_CATALOGS = 4;

    private final Shared shared;
    private final boolean owner;

    /**
     * @param sources pulls and reads (closing this object closes it)
     * @param maxAge how long a tag's digest is used before it is resolved again, unless the poll keeps
     *     it current ({@link ImageDigests}); zero resolves on every pull
     * @param clock ages the digests
     */
    public ControllerSources(BundleSources sources, java.time.Duration maxAge, java.time.Clock clock) {
        this(new Shared(Objects.requireNonNull(sources, "sources"), new ImageDigests(sources::pinned, maxAge, clock)), true);
    }

    private ControllerSources(Shared shared, boolean owner) {
        this.shared = shared;
        this.owner = owner;
    }

    /** A view for one caller's try-with-resources: it shares everything, and closing it closes nothing. */
    public ControllerSources borrowed() {
        return new ControllerSources(shared, false);
    }

    /** The tags' digests, for the poll. */
    public ImageDigests digests() {
        return shared.digests();
    }

    /**
     * A bundle image, pulled by the digest its tag points at (from the cache when it is there);
     * reconciles that ask for one digest while it is being pulled share that pull.
     */
    public Future<ResolvedSource> bundle(String reference) {
        return shared.digests().pinned(reference).compose(shared::bundle);
    }

    /**
     * A catalog image (by the digest its tag points at) or an unpacked directory, read and parsed
     * once while it stays among the few in use. A directory is only ever one unpacked ConfigMap
     * version ({@link ConfigMapDirectory} names it by uid and resourceVersion), so its path names its
     * content as a digest does.
     */
    public Future<BundleSources.LoadedCatalog> catalog(String reference) {
        Future<String> pinning = reference.startsWith("/") ? Future.succeededFuture(reference)
                : shared.digests().pinned(reference);
        return pinning.compose(shared::catalog);
    }

    @Override
    public void close() {
        if (owner) {
            shared.sources().close();
        }
    }

    private record Shared(BundleSources sources, ImageDigests digests,
            Map<String, Future<BundleSources.LoadedCatalog>> catalogs, Map<String, Future<ResolvedSource>> pulls) {

        Shared(BundleSources sources, ImageDigests digests) {
            this(sources, digests, new LinkedHashMap<>(8, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Future<BundleSources.LoadedCatalog>> eldest) {
                    return size() > PARSED_CATALOGS;
                }
            }, new ConcurrentHashMap<>());
        }

        /**
         * The fleet's first reconciles all want the same new digest at once; each would miss the
         * cache and download it again (bench/controller-fleet.sh saw two workers pull the sample
         * twice). A finished pull is forgotten: the cache answers the next one.
         */
        Future<ResolvedSource> bundle(String pinned) {
            Future<ResolvedSource> pull = pulls.computeIfAbsent(pinned, sources::bundle);
            pull.onComplete(done -> pulls.remove(pinned, pull));
            return pull;
        }

        Future<BundleSources.LoadedCatalog> catalog(String pinned) {
            synchronized (catalogs) {
                Future<BundleSources.LoadedCatalog> known = catalogs.get(pinned);
                if (known != null && !known.failed()) {
                    return known;
                }
                Future<BundleSources.LoadedCatalog> loading = sources.catalog(pinned);
                catalogs.put(pinned, loading);
                return loading;
            }
        }
    }
}
