package dev.bundlectl.controller.api;

/** {@code spec.source}: where the bundle comes from. Exactly one form, as the CRD's schema demands. */
public sealed interface BundleSource permits BundleSource.Image, BundleSource.Catalog, BundleSource.ConfigMap {

    /** How the source reads in messages, e.g. {@code image quay.io/org/op-bundle:v1}. */
    String describe();

    /** A bundle image reference. */
    record Image(String reference) implements BundleSource {
        @Override
        public String describe() {
            return "image " + reference;
        }
    }

    /**
     * A file-based catalog, from an image or from a ConfigMap in the object's namespace.
     *
     * @param image the catalog image, or null
     * @param configMap the ConfigMap holding the catalog, or null
     * @param packageName the package to install
     * @param channel the channel, or null for the package's default channel
     * @param version the version, or null for the channel head (or the newest in {@code versionRange})
     * @param versionRange the range, in OLM v1's syntax, whose newest version of the channel is
     *     installed, or null; never given with {@code version}
     */
    record Catalog(String image, String configMap, String packageName, String channel, String version,
            String versionRange) implements BundleSource {

        /** A catalog choice without a range. */
        public Catalog(String image, String configMap, String packageName, String channel, String version) {
            this(image, configMap, packageName, channel, version, null);
        }

        @Override
        public String describe() {
            return "catalog " + (image != null ? image : "configMap/" + configMap) + " package " + packageName
                    + (channel != null ? " channel " + channel : "") + (version != null ? " version " + version : "")
                    + (versionRange != null ? " versionRange " + versionRange : "");
        }
    }

    /** A bundle packed into one ConfigMap of the object's namespace, for clusters without a registry. */
    record ConfigMap(String name) implements BundleSource {
        @Override
        public String describe() {
            return "configMap " + name;
        }
    }
}
