package dev.bundlectl.controller.follow;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.controller.api.BundleInstallSpec;
import dev.bundlectl.controller.api.BundleSource;
import dev.bundlectl.controller.api.InvalidSpecException;
import dev.bundlectl.controller.api.SpecReader;
import java.util.Optional;

/**
 * What outside a BundleInstall its spec depends on: at most one ConfigMap (a packed bundle or
 * catalog, read as the install's account) and at most one image tag (a bundle or catalog image).
 *
 * @param configMap the ConfigMap to watch, or empty
 * @param image the image reference to poll, or empty
 */
public record FollowedSources(Optional<WatchedConfigMap> configMap, Optional<String> image) {

    /** Nothing to follow. */
    public static final FollowedSources NONE = new FollowedSources(Optional.empty(), Optional.empty());

    /**
     * The sources of a BundleInstall object; {@link #NONE} for one being deleted or whose spec does
     * not read (the reconcile reports that; there is nothing to follow until it is fixed).
     */
    public static FollowedSources of(JsonNode object) {
        if (object.path("metadata").hasNonNull("deletionTimestamp")) {
            return NONE;
        }
        BundleInstallSpec spec;
        try {
            spec = SpecReader.read(object);
        } catch (InvalidSpecException e) {
            return NONE;
        }
        String namespace = object.path("metadata").path("namespace").asText();
        BundleSource source = spec.source();
        if (source instanceof BundleSource.Image image) {
            return new FollowedSources(Optional.empty(), Optional.of(image.reference()));
        }
        if (source instanceof BundleSource.ConfigMap configMap) {
            return new FollowedSources(Optional.of(new WatchedConfigMap(namespace, configMap.name(),
                    spec.serviceAccountName())), Optional.empty());
        }
        BundleSource.Catalog catalog = (BundleSource.Catalog) source;
        return catalog.image() != null ? new FollowedSources(Optional.empty(), Optional.of(catalog.image()))
                : new FollowedSources(Optional.of(new WatchedConfigMap(namespace, catalog.configMap(),
                        spec.serviceAccountName())), Optional.empty());
    }
}
