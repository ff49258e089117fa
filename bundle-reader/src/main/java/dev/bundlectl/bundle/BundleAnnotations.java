package dev.bundlectl.bundle;

import java.util.List;
import java.util.Map;

/**
 * The {@code annotations:} of {@code metadata/annotations.yaml}.
 *
 * @param mediatype {@code operators.operatorframework.io.bundle.mediatype.v1}, or null
 * @param manifestsDir the manifests directory relative to the bundle root (default {@code manifests/})
 * @param metadataDir the metadata directory relative to the bundle root (default {@code metadata/})
 * @param packageName {@code operators.operatorframework.io.bundle.package.v1}, or null
 * @param channels the comma-separated channels, split and trimmed; empty when absent
 * @param defaultChannel the default channel, or null when absent
 * @param all every annotation, values converted to strings
 */
public record BundleAnnotations(
        String mediatype,
        String manifestsDir,
        String metadataDir,
        String packageName,
        List<String> channels,
        String defaultChannel,
        Map<String, String> all) {

    public static final String MEDIATYPE = "operators.operatorframework.io.bundle.mediatype.v1";
    public static final String MANIFESTS = "operators.operatorframework.io.bundle.manifests.v1";
    public static final String METADATA = "operators.operatorframework.io.bundle.metadata.v1";
    public static final String PACKAGE = "operators.operatorframework.io.bundle.package.v1";
    public static final String CHANNELS = "operators.operatorframework.io.bundle.channels.v1";
    public static final String DEFAULT_CHANNEL = "operators.operatorframework.io.bundle.channel.default.v1";

    public BundleAnnotations {
        channels = List.copyOf(channels);
        all = Map.copyOf(all);
    }
}
