package dev.bundlectl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Versions of the sample bundle whose {@code caches} CRD changes from one version to the next, for
 * the CRD upgrade safety tests: each version is the sample ({@code samples/bundles/cachebox-operator},
 * renamed after a prefix so that its CRDs are its own on a shared test server) with another CSV name,
 * version, upgrade edges and channels, and its {@code caches} CRD edited field by field. A catalog of
 * them is the directory they are written into, laid out {@code <package>/<version>/} as the public
 * catalogs are.
 */
final class CrdChangeBundles {

    private static final YAMLMapper YAML = new YAMLMapper();
    /** Where a field of {@code .spec} sits in the sample's one-version {@code caches} CRD. */
    private static final String SPEC_FIELDS = "/spec/versions/0/schema/openAPIV3Schema/properties/spec/properties";

    private final Path root;
    private final String prefix;

    /**
     * @param root where the versions are written
     * @param prefix what {@code cachebox} and the CRDs' group {@code cache} become, e.g. {@code crdsafe}
     *     (package {@code crdsafe-operator}, CRD {@code caches.crdsafe.bundlectl.dev})
     */
    CrdChangeBundles(Path root, String prefix) {
        this.root = root;
        this.prefix = prefix;
    }

    /** The package name. */
    String packageName() {
        return prefix + "-operator";
    }

    /** The CSV name of a version. */
    String csv(String version) {
        return prefix + "-operator.v" + version;
    }

    /** The {@code caches} CRD's name. */
    String cachesCrd() {
        return "caches." + prefix + ".bundlectl.dev";
    }

    /** A version with no edge, no edit, in channel {@code stable}. */
    static Version version(String version) {
        return new Version(version, null, null, List.of("stable"), List.of());
    }

    /**
     * One version to write.
     *
     * @param version the CSV's {@code spec.version}
     * @param replaces the version it replaces, or null
     * @param skipRange its {@code olm.skipRange}, or null
     * @param channels its channels, the first the default
     * @param edits what changes in its {@code caches} CRD, in order
     */
    record Version(String version, String replaces, String skipRange, List<String> channels, List<Edit> edits) {

        Version replacing(String older) {
            return new Version(version, older, skipRange, channels, edits);
        }

        Version skipRange(String range) {
            return new Version(version, replaces, range, channels, edits);
        }

        Version inChannels(String... names) {
            return new Version(version, replaces, skipRange, List.of(names), edits);
        }

        /** This version with {@code .spec.<field>} set to {@code yaml} (a new field, or one replaced whole). */
        Version field(String field, String yaml) {
            return edit(new Edit(SPEC_FIELDS + "/" + field, yaml));
        }

        /** This version without {@code .spec.<field>}. */
        Version withoutField(String field) {
            return edit(new Edit(SPEC_FIELDS + "/" + field, null));
        }

        /** This version with the value at a JSON pointer into the CRD set to {@code yaml}, or removed when null. */
        Version at(String pointer, String yaml) {
            return edit(new Edit(pointer, yaml));
        }

        private Version edit(Edit edit) {
            List<Edit> more = new ArrayList<>(edits);
            more.add(edit);
            return new Version(version, replaces, skipRange, channels, more);
        }
    }

    /**
     * One change to the CRD.
     *
     * @param pointer a JSON pointer into the CRD
     * @param yaml the value to set there, or null to remove what is there
     */
    record Edit(String pointer, String yaml) {
    }

    /** Writes {@code version} to {@code <root>/<package>/<version>} and returns that directory. */
    Path write(Version version) {
        Path dir = root.resolve(packageName()).resolve(version.version());
        try {
            SampleCopies.renamed(dir, prefix);
            rewriteCsv(dir.resolve("manifests/" + prefix + "-operator.clusterserviceversion.yaml"), version);
            rewriteAnnotations(dir.resolve("metadata/annotations.yaml"), version.channels());
            Path crd = dir.resolve("manifests/cache.bundlectl.dev_caches.yaml");
            JsonNode body = YAML.readTree(crd.toFile());
            for (Edit edit : version.edits()) {
                apply(body, edit);
            }
            YAML.writeValue(crd.toFile(), body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dir;
    }

    /** Writes every version, in order; answers the catalog's root. */
    Path writeAll(Version... versions) {
        for (Version version : versions) {
            write(version);
        }
        return root;
    }

    private void rewriteCsv(Path csvFile, Version version) throws IOException {
        String csv = Files.readString(csvFile);
        csv = replaceOnce(csv, "  name: " + prefix + "-operator.v0.3.1\n", "  name: " + csv(version.version()) + "\n");
        StringBuilder edges = new StringBuilder("  version: " + version.version() + "\n");
        if (version.replaces() != null) {
            edges.append("  replaces: ").append(csv(version.replaces())).append('\n');
        }
        csv = replaceOnce(csv, "  version: 0.3.1\n", edges.toString());
        if (version.skipRange() != null) {
            csv = replaceOnce(csv, "  annotations:\n", "  annotations:\n    olm.skipRange: '" + version.skipRange() + "'\n");
        }
        Files.writeString(csvFile, csv);
    }

    private static void rewriteAnnotations(Path annotations, List<String> channels) throws IOException {
        String text = Files.readString(annotations);
        text = text.replaceAll("(operators\\.operatorframework\\.io\\.bundle\\.channels\\.v1: ).*",
                "$1" + String.join(",", channels));
        text = text.replaceAll("(operators\\.operatorframework\\.io\\.bundle\\.channel\\.default\\.v1: ).*",
                "$1" + channels.get(0));
        Files.writeString(annotations, text);
    }

    private static void apply(JsonNode crd, Edit edit) throws IOException {
        int last = edit.pointer().lastIndexOf('/');
        JsonNode parent = crd.at(edit.pointer().substring(0, last));
        if (!(parent instanceof ObjectNode object)) {
            throw new AssertionError("the sample's caches CRD has no object at " + edit.pointer().substring(0, last));
        }
        String name = edit.pointer().substring(last + 1);
        if (edit.yaml() == null) {
            if (object.remove(name) == null) {
                throw new AssertionError("the sample's caches CRD has nothing at " + edit.pointer());
            }
        } else {
            object.set(name, YAML.readTree(edit.yaml()));
        }
    }

    private static String replaceOnce(String text, String from, String to) {
        int at = text.indexOf(from);
        if (at < 0) {
            throw new AssertionError("the sample CSV no longer has \"" + from.strip() + "\"");
        }
        return text.substring(0, at) + to + text.substring(at + from.length());
    }
}
