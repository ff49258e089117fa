package dev.bundlectl.controller.pipeline;

import dev.bundlectl.controller.reconcile.ChannelStanding;
import dev.bundlectl.source.catalog.CatalogBundle;
import java.nio.file.Path;
import java.util.List;

/**
 * A fetched bundle: its directory, how to name it, the image it came from (null for a ConfigMap), and the
 * catalog's bundles to install after it on a walk along the channel (empty otherwise), and where
 * the install stands on its catalog's channel (null for a source that is no catalog).
 *
 * @param directory the bundle directory
 * @param label how the bundle is named in the plan and the records
 * @param image the image it was pulled from, pinned to its digest, or null
 * @param laterHops the catalog bundles a walk installs after this one
 * @param channel where the install stands on its channel, or null
 * @param catalogEntry the catalog's bundle it is, as {@code name@image}, or null for a source that is no catalog
 */
record FetchedBundle(Path directory, String label, String image, List<CatalogBundle> laterHops,
        ChannelStanding channel, String catalogEntry) {
FetchedBundle {
        laterHops = List.copyOf(laterHops);
    }

FetchedBundle(Path directory, String label, String image, List<CatalogBundle> laterHops) {
        this(directory, label, image, laterHops, null, null);
    }
}
