package dev.bundlectl.bundle.layout;

import dev.bundlectl.bundle.kinds.GroupKind;
import dev.bundlectl.bundle.yaml.FileBytes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Tells, without parsing, whether a file probably holds a ClusterServiceVersion: only files named
 * like one ({@code *clusterserviceversion*}, {@code *csv*}) are opened, and a YAML file must have
 * a top-level {@code kind: ClusterServiceVersion} line. Used to route directories and to explain
 * odd layouts, never to read a bundle.
 */
public final class CsvSniffer {

    private static final String KIND = GroupKind.CLUSTER_SERVICE_VERSION.kind();

    private CsvSniffer() {
    }

    /** Whether the name suggests a CSV and the content confirms it; unreadable or huge files are not. */
    public static boolean looksLikeCsv(Path file, long maxBytes) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (!FileNames.isBundleManifest(name) || !(name.contains("clusterserviceversion") || name.contains("csv"))) {
            return false;
        }
        FileBytes read = FileBytes.read(file, maxBytes);
        if (!(read instanceof FileBytes.Content)) {
            return false;
        }
        String text = new String(((FileBytes.Content) read).bytes(), StandardCharsets.UTF_8);
        return name.endsWith(".json") ? text.contains("\"" + KIND + "\"") : hasTopLevelCsvKind(text);
    }

    /** A line that starts (column 0) with {@code kind:} and names the CSV kind, quoted or not. */
    static boolean hasTopLevelCsvKind(String text) {
        for (int at = text.indexOf("kind:"); at >= 0; at = text.indexOf("kind:", at + 1)) {
            if (at > 0 && text.charAt(at - 1) != '\n') {
                continue;
            }
            int end = text.indexOf('\n', at);
            String value = text.substring(at + "kind:".length(), end < 0 ? text.length() : end).trim();
            if (value.length() >= 2 && (value.charAt(0) == '"' || value.charAt(0) == '\'')) {
                value = value.substring(1, value.length() - 1);
            }
            if (value.equals(KIND)) {
                return true;
            }
        }
        return false;
    }
}
