package dev.bundlectl.controller.real;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Catalog channels of renamed sample bundles for the tests that follow one, and what those tests
 * read back: CSVs, conditions and the versions a BundleInstall's history lists.
 */
final class ChannelFixtures {

    static final String CSV_API = "operators.coreos.com/v1alpha1";

    private ChannelFixtures() {
    }

    static boolean csvGone(KubernetesClient client, String ns, String name) {
        return client.genericKubernetesResources(CSV_API, "ClusterServiceVersion").inNamespace(ns).withName(name)
                .get() == null;
    }

    static String phase(GenericKubernetesResource csv) {
        return csv.getAdditionalProperties().get("status") instanceof Map<?, ?> status
                ? String.valueOf(status.get("phase")) : "";
    }

    /** The condition of {@code type} in the object's status, or an empty map. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> condition(GenericKubernetesResource object, String type) {
        Object conditions = ControllerCluster.status(object, "conditions");
        if (conditions instanceof List<?> list) {
            for (Object each : list) {
                Map<String, Object> fields = (Map<String, Object>) each;
                if (type.equals(fields.get("type"))) {
                    return fields;
                }
            }
        }
        return Map.of();
    }

    /** The version installed last, as {@code status.history} lists it. */
    static String installedVersion(GenericKubernetesResource object) {
        List<String> versions = versions(object);
        return versions.isEmpty() ? null : versions.get(versions.size() - 1);
    }

    @SuppressWarnings("unchecked")
    static List<String> versions(GenericKubernetesResource object) {
        Object history = ControllerCluster.status(object, "history");
        return history == null ? List.of() : ((List<Object>) history).stream()
                .map(entry -> (String) ((Map<String, Object>) entry).get("version")).toList();
    }

    /** A file-based catalog of {@code versions} of {@code pkg}, joined by replaces, whose images are {@code image + "v" + version}. */
    static Path catalog(Path dir, String pkg, String image, List<String> versions) throws IOException {
        Files.createDirectories(dir.resolve(pkg));
        StringBuilder entries = new StringBuilder();
        StringBuilder bundles = new StringBuilder();
        String previous = null;
        for (String version : versions) {
            entries.append("  - name: ").append(pkg).append(".v").append(version).append('\n');
            if (previous != null) {
                entries.append("    replaces: ").append(pkg).append(".v").append(previous).append('\n');
            }
            bundles.append("---\nschema: olm.bundle\nname: ").append(pkg).append(".v").append(version)
                    .append("\npackage: ").append(pkg).append("\nimage: ").append(image).append('v').append(version)
                    .append("\nproperties:\n  - type: olm.package\n    value: {packageName: ").append(pkg)
                    .append(", version: ").append(version).append("}\n");
            previous = version;
        }
        Files.writeString(dir.resolve(pkg).resolve("catalog.yaml"), "---\nschema: olm.package\nname: " + pkg
                + "\ndefaultChannel: stable\n---\nschema: olm.channel\npackage: " + pkg + "\nname: stable\nentries:\n"
                + entries + bundles);
        return dir;
    }

    /** A copy of a sample bundle with every {@code cachebox} (files, package, objects, CRD group) renamed. */
    static Path renamed(Path sample, Path target, String prefix) throws IOException {
        Path source = Path.of(System.getProperty("bundlectl.repoRoot", "..")).toAbsolutePath().normalize()
                .resolve(sample);
        try (Stream<Path> walk = Files.walk(source)) {
            for (Path file : walk.filter(Files::isRegularFile).toList()) {
                Path copy = target.resolve(source.relativize(file).toString().replace("cachebox", prefix));
                Files.createDirectories(copy.getParent());
                Files.writeString(copy, Files.readString(file).replace("cache.bundlectl.dev", prefix + ".bundlectl.dev")
                        .replace("cachebox", prefix));
            }
        }
        return target;
    }

    static void edit(Path file, String from, String to) throws IOException {
        String text = Files.readString(file);
        assertThat(text).contains(from);
        Files.writeString(file, text.replace(from, to));
    }

    /**
     * The sample's 0.3.1 renamed after {@code prefix} as version 0.3.2, replacing 0.3.1: a patch
     * release for a channel to follow.
     */
    static Path patchRelease(Path target, String prefix) throws IOException {
        return patchRelease(target, prefix, "0.3.2", "0.3.1");
    }

    /** The sample's 0.3.1 renamed after {@code prefix} as {@code version}, replacing {@code replaces}. */
    static Path patchRelease(Path target, String prefix, String version, String replaces) throws IOException {
        String pkg = prefix + "-operator";
        Path bundle = renamed(Path.of("samples/bundles/cachebox-operator"), target, prefix);
        Path csv = bundle.resolve("manifests/" + pkg + ".clusterserviceversion.yaml");
        edit(csv, "  version: 0.3.1\n", "  version: " + version + "\n  replaces: " + pkg + ".v" + replaces + "\n");
        edit(csv, "name: " + pkg + ".v0.3.1\n", "name: " + pkg + ".v" + version + "\n");
        return bundle;
    }
}
