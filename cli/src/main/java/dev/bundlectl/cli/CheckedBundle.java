package dev.bundlectl.cli;

import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.BundleReadResult;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.bundle.version.SemanticVersion;
import dev.bundlectl.bundle.version.VersionRange;
import dev.bundlectl.crdschema.upgrade.CrdShape;
import dev.bundlectl.crdschema.upgrade.ShapeInterner;
import dev.bundlectl.plan.api.CrdApiResources;
import dev.bundlectl.source.catalog.ChannelEntry;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a catalog's upgrade check keeps of one bundle: its place in the upgrade graph (from its CSV
 * and its channels) and the shape of each of its CRDs ({@link CrdShape}), never its manifests; or
 * why it could not be read.
 */
sealed interface CheckedBundle permits CheckedBundle.Read, CheckedBundle.Unreadable {

    /** The bundle directory. */
    Path dir();

    /**
     * A bundle read.
     *
     * @param entry its CSV's name and upgrade edges ({@code spec.replaces}, {@code spec.skips},
     *     {@code olm.skipRange}), as a channel entry
     * @param packageName its package
     * @param version its CSV's {@code spec.version}, or null when that is not a version
     * @param channels the channels its annotations name, the default first when it is among them
     * @param crds each CRD's shape by CRD name, in bundle order
     */
    record Read(Path dir, ChannelEntry entry, String packageName, SemanticVersion version, List<String> channels,
            Map<String, CrdShape> crds) implements CheckedBundle {

        public Read {
            channels = List.copyOf(channels);
            crds = Collections.unmodifiableMap(new LinkedHashMap<>(crds));
        }

        /** Its CSV's name. */
        String name() {
            return entry.name();
        }
    }

    /**
     * A bundle the reader refused: its edges cannot be checked.
     *
     * @param problem the reader's first error
     */
    record Unreadable(Path dir, String problem) implements CheckedBundle {
    }

    /** Reads the bundle in {@code dir}; every CRD shape is made through {@code interner}. */
    static CheckedBundle read(Path dir, ShapeInterner interner) {
        BundleReadResult result = new BundleReader().read(dir);
        if (result.bundle().isEmpty()) {
            String problem = result.diagnostics().errors().isEmpty() ? "not a bundle"
                    : result.diagnostics().errors().get(0).toString();
            int more = result.diagnostics().errors().size() - 1;
            return new Unreadable(dir, problem + (more > 0 ? " (and " + more + " more)" : ""));
        }
        Bundle bundle = result.bundle().get();
        JsonNode csv = bundle.csv().body();
        JsonNode spec = csv.path("spec");
        List<String> skips = new ArrayList<>();
        spec.path("skips").forEach(skip -> skips.add(skip.asText()));
        // A skipRange OLM could not read reaches nothing; the same goes here.
        VersionRange skipRange = VersionRange.parse(bundle.csv().annotation("olm.skipRange")).orElse(null);
        String replaces = spec.path("replaces").isTextual() ? spec.path("replaces").asText() : null;
        ChannelEntry entry = new ChannelEntry(bundle.csv().name(), replaces, skips, skipRange);
        SemanticVersion version = SemanticVersion.parseTolerant(spec.path("version").asText("")).orElse(null);
        Map<String, CrdShape> crds = new LinkedHashMap<>();
        for (Manifest manifest : bundle.manifests()) {
            if (CrdApiResources.isCrd(manifest)) {
                crds.putIfAbsent(manifest.name(), CrdShape.of(manifest.body(), interner));
            }
        }
        return new Read(dir, entry, bundle.packageName(), version, channels(bundle), crds);
    }

    private static List<String> channels(Bundle bundle) {
        List<String> channels = new ArrayList<>(bundle.annotations().channels());
        String defaultChannel = bundle.annotations().defaultChannel();
        if (defaultChannel != null && channels.remove(defaultChannel)) {
            channels.add(0, defaultChannel);
        }
        return channels;
    }
}
