package dev.bundlectl.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Versions of the sample bundle for upgrade tests, written into a test's temporary directory: the
 * sample with another CSV name and version, upgrade edges ({@code replaces}, {@code skips},
 * {@code olm.skipRange}), and optionally an extra ConfigMap that a later version drops.
 */
final class UpgradeBundles {

    /** The ConfigMap that {@link Version#withLegacyConfigMap} adds. */
    static final String LEGACY_CONFIG_MAP = "cachebox-legacy";

    private static final String SAMPLE_CSV = "cachebox-operator.clusterserviceversion.yaml";

    private final Path root;

    UpgradeBundles(Path root) {
        this.root = root;
    }

    /** A version of the sample: CSV {@code cachebox-operator.v<version>}. */
    Version version(String version) {
        return new Version(version, null, List.of(), null, false, true);
    }

    /** The CSV name of a version. */
    static String csv(String version) {
        return "cachebox-operator.v" + version;
    }

    /**
     * One version to write.
     *
     * @param version the CSV's spec.version
     * @param replaces the CSV name it replaces, or null
     * @param skips the CSV names it skips
     * @param skipRange its olm.skipRange, or null
     * @param legacyConfigMap whether it ships {@link #LEGACY_CONFIG_MAP}
     * @param permissions whether its CSV keeps the namespaced permissions (rendered as a Role and a RoleBinding)
     */
    record Version(String version, String replaces, List<String> skips, String skipRange, boolean legacyConfigMap,
            boolean permissions) {

        Version replacing(String csvName) {
            return new Version(version, csvName, skips, skipRange, legacyConfigMap, permissions);
        }

        Version skipping(String... csvNames) {
            return new Version(version, replaces, List.of(csvNames), skipRange, legacyConfigMap, permissions);
        }

        Version skipRange(String range) {
            return new Version(version, replaces, skips, range, legacyConfigMap, permissions);
        }

        Version withLegacyConfigMap() {
            return new Version(version, replaces, skips, skipRange, true, permissions);
        }

        Version withoutPermissions() {
            return new Version(version, replaces, skips, skipRange, legacyConfigMap, false);
        }
    }

    /** Writes the version into its own directory (named after the version and a counter) and returns its path. */
    String write(Version version) {
        try {
            Path dir = Files.createTempDirectory(root, "cachebox-" + version.version() + "-");
            SampleCopies.plain(dir);
            Path csvFile = dir.resolve("manifests").resolve(SAMPLE_CSV);
            String csv = Files.readString(csvFile);
            csv = replaceOnce(csv, "  name: cachebox-operator.v0.3.1\n", "  name: " + csv(version.version()) + "\n");
            StringBuilder edges = new StringBuilder("  version: " + version.version() + "\n");
            if (version.replaces() != null) {
                edges.append("  replaces: ").append(version.replaces()).append('\n');
            }
            if (!version.skips().isEmpty()) {
                edges.append("  skips:\n");
                version.skips().forEach(skip -> edges.append("    - ").append(skip).append('\n'));
            }
            csv = replaceOnce(csv, "  version: 0.3.1\n", edges.toString());
            if (version.skipRange() != null) {
                csv = replaceOnce(csv, "  annotations:\n", "  annotations:\n    olm.skipRange: '" + version.skipRange() + "'\n");
            }
            if (!version.permissions()) {
                int start = csv.indexOf("      permissions:\n");
                int end = csv.indexOf("      clusterPermissions:\n");
                csv = csv.substring(0, start) + csv.substring(end);
            }
            Files.writeString(csvFile, csv);
            if (version.legacyConfigMap()) {
                Files.writeString(dir.resolve("manifests").resolve(LEGACY_CONFIG_MAP + "_v1_configmap.yaml"), """
                        apiVersion: v1
                        kind: ConfigMap
                        metadata:
                          name: %s
                        data:
                          mode: legacy
                        """.formatted(LEGACY_CONFIG_MAP));
            }
            return dir.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
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
