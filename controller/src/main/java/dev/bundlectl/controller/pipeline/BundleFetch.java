package dev.bundlectl.controller.pipeline;

import static dev.bundlectl.controller.pipeline.PipelineWaits.await;

import dev.bundlectl.bundle.version.VersionConstraint;
import dev.bundlectl.controller.api.BundleSource;
import dev.bundlectl.controller.reconcile.ChannelStanding;
import dev.bundlectl.controller.reconcile.PlannedBundle;
import dev.bundlectl.controller.reconcile.ReconcileException;
import dev.bundlectl.controller.source.ConfigMapDirectory;
import dev.bundlectl.controller.source.ConfigMapPacking;
import dev.bundlectl.controller.source.ControllerSources;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.source.BundleSources;
import dev.bundlectl.source.ResolvedSource;
import dev.bundlectl.source.SourceSettings;
import dev.bundlectl.source.catalog.Catalog;
import dev.bundlectl.source.catalog.CatalogBundle;
import dev.bundlectl.source.catalog.CatalogSelection;
import dev.bundlectl.source.catalog.ChannelWalk;
import dev.bundlectl.source.catalog.ChoiceNames;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A BundleInstall's source to a bundle directory: an image pulled, a ConfigMap unpacked, or a
 * catalog's choice (reached along the channel from the installed version, one hop at a time) pulled,
 * with where the install stands on that channel. Images and catalogs come through the controller's
 * shared {@link ControllerSources} when it has them.
 */
final class BundleFetch {

    private final SourceSettings sources;
    private final ControllerSources shared;
    private final Clock clock;

    /**
     * @param sources registry access and the cache
     * @param shared the images and catalogs every install shares, or null to resolve each tag and read
     *     each catalog on every fetch
     * @param clock ages the digests of a fetch's own sources
     */
    BundleFetch(SourceSettings sources, ControllerSources shared, Clock clock) {
        this.sources = sources;
        this.shared = shared;
        this.clock = clock;
    }

    /** A catalog bundle of a walk, pulled. */
    FetchedBundle fetchBundle(ClusterConnection connection, String image, List<CatalogBundle> laterHops) {
        try (ControllerSources bundles = sourcesFor(connection)) {
            ResolvedSource resolved = await(bundles.bundle(image), "pulling " + image);
            String pinned = resolved.image().map(ResolvedSource.ImageOrigin::pinned).orElse(null);
            return new FetchedBundle(resolved.directory(), pinned != null ? pinned : image, pinned, laterHops);
        }
    }

    FetchedBundle fetch(ClusterConnection connection, String namespace, BundleSource source) {
        ConfigMapDirectory configMaps = new ConfigMapDirectory(connection, sources.cacheRoot());
        if (source instanceof BundleSource.ConfigMap configMap) {
            Path directory = configMaps.unpack(namespace, configMap.name(), ConfigMapPacking.BUNDLE);
            return new FetchedBundle(directory, "configmap:" + namespace + "/" + configMap.name(), null, List.of());
        }
        try (ControllerSources bundles = sourcesFor(connection)) {
            ResolvedSource resolved;
            List<CatalogBundle> laterHops = List.of();
            ChannelStanding channel = null;
            String entry = null;
            if (source instanceof BundleSource.Image image) {
                resolved = await(bundles.bundle(image.reference()), "pulling " + image.reference());
            } else {
                BundleSource.Catalog catalog = (BundleSource.Catalog) source;
                // A ConfigMap's catalog is unpacked to a directory, which the catalog reader takes as it takes a
                // catalog image's; the chosen bundle is then pulled by its image reference either way.
                String reference = catalog.image() != null ? catalog.image()
                        : configMaps.unpack(namespace, catalog.configMap(), ConfigMapPacking.CATALOG).toString();
                String named = catalog.image() != null ? catalog.image()
                        : "ConfigMap " + namespace + "/" + catalog.configMap();
                BundleSources.LoadedCatalog loaded = await(bundles.catalog(reference), "reading catalog " + named);
                CatalogSelection.Chosen chosen = choose(loaded, catalog, named);
                // Over an installed version, the catalog's choice is reached along the channel, as the CLI does.
                Optional<InstallRecord> latest = await(new InstallRecordStore(connection.retryingApi())
                        .latestFor(namespace, catalog.packageName()), "reading the install records");
                ChannelWalk walk = ChannelWalk.of(loaded.catalog(), chosen.channel(), chosen.bundle(),
                        latest.map(InstallRecord::csvName).orElse(null),
                        latest.map(InstallRecord::csvVersion).orElse(null), false);
                if (walk instanceof ChannelWalk.Unreachable unreachable) {
                    throw new ReconcileException(unreachable.reason() + "; nothing was applied", false);
                }
                CatalogBundle first = chosen.bundle();
                if (walk instanceof ChannelWalk.Hops hops) {
                    first = hops.hops().get(0);
                    laterHops = hops.hops().subList(1, hops.hops().size());
                }
                resolved = await(bundles.bundle(first.image()), "pulling " + first.image());
                entry = PlannedBundle.hop(first.name(), first.image());
                channel = standing(loaded.catalog(), catalog, chosen, latest.map(InstallRecord::csvVersion).orElse(null));
            }
            String pinned = resolved.image().map(ResolvedSource.ImageOrigin::pinned).orElse(null);
            return new FetchedBundle(resolved.directory(), pinned != null ? pinned : source.describe(), pinned, laterHops,
                    channel, entry);
        }
    }

    /**
     * The shared sources, or, without them, ones of this call only that resolve every tag. Closing the
     * shared ones here leaves them open: their owner closes them.
     */
    private ControllerSources sourcesFor(ClusterConnection connection) {
        if (shared != null) {
            return shared.borrowed();
        }
        return new ControllerSources(new BundleSources(connection.vertx(), sources), Duration.ZERO, clock);
    }

    /**
     * Where the install stands on the channel: the installed version, the channel's newest (its
     * head), the version the spec picks, and why the newest is not that one; null when the channel
     * has no one head to call the newest.
     */
    private static ChannelStanding standing(Catalog catalog, BundleSource.Catalog source,
            CatalogSelection.Chosen chosen, String installedVersion) {
        CatalogBundle head;
        try {
            head = CatalogSelection.choose(catalog, ChoiceNames.BUNDLE_INSTALL_FIELDS, source.packageName(),
                    chosen.channel(), null).bundle();
        } catch (dev.bundlectl.source.errors.CatalogException noSingleHead) {
            // A channel without one head still installs a pinned or in-range version: it just has no newest.
            return null;
        }
        String latest = head.versionText();
        String target = chosen.bundle().versionText();
        String blocked = null;
        if (!head.name().equals(chosen.bundle().name())) {
            blocked = source.versionRange() != null
                    ? latest + ", the newest in channel " + chosen.channel() + ", is outside versionRange "
                            + source.versionRange() + "; " + target + " is the newest inside it"
                    : "version " + source.version() + " is pinned; channel " + chosen.channel() + " has " + latest;
        }
        return new ChannelStanding(installedVersion, latest, target, blocked);
    }

    private static CatalogSelection.Chosen choose(BundleSources.LoadedCatalog loaded, BundleSource.Catalog catalog,
            String named) {
        try {
            return catalog.versionRange() == null
                    ? CatalogSelection.choose(loaded.catalog(), ChoiceNames.BUNDLE_INSTALL_FIELDS, catalog.packageName(),
                            catalog.channel(), catalog.version())
                    : CatalogSelection.chooseInRange(loaded.catalog(), ChoiceNames.BUNDLE_INSTALL_FIELDS,
                            catalog.packageName(), catalog.channel(), VersionConstraint.parse(catalog.versionRange()),
                            "spec.source.catalog.versionRange");
        } catch (dev.bundlectl.source.errors.CatalogException e) {
            throw new ReconcileException("reading catalog " + named + ": " + e.getMessage(), false);
        }
    }
}
