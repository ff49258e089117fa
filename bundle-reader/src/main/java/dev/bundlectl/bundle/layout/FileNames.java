package dev.bundlectl.bundle.layout;

import java.util.Locale;

/** What a file's name says about it: a manifest to read, or a stray to pass over. */
public final class FileNames {

    private static final String[] BUNDLE_MANIFEST_EXTENSIONS = {".yaml", ".yml", ".json", ".crd"};
    private static final String[] PAYLOAD_MANIFEST_EXTENSIONS = {".yaml", ".yml", ".json"};
    private static final String[] BACKUP_SUFFIXES = {".bak", ".orig", ".old", ".swp", ".tmp", "~"};

    private FileNames() {
    }

    /** {@code .yaml}, {@code .yml}, {@code .json} or {@code .crd}: what a bundle's manifests dir holds. */
    public static boolean isBundleManifest(String fileName) {
        return endsWithAny(fileName, BUNDLE_MANIFEST_EXTENSIONS);
    }

    /** {@code .yaml}, {@code .yml} or {@code .json}: what the cluster-version operator reads. */
    public static boolean isPayloadManifest(String fileName) {
        return endsWithAny(fileName, PAYLOAD_MANIFEST_EXTENSIONS);
    }

    /**
     * Editor and tool leftovers ({@code annotations.yaml.bak}, {@code x~}), hidden files, and the
     * whiteout markers ({@code .wh..wh..opq}) that image layers leave behind: never content.
     */
    public static boolean isBackupOrHidden(String fileName) {
        return fileName.startsWith(".") || endsWithAny(fileName, BACKUP_SUFFIXES);
    }

    private static boolean endsWithAny(String fileName, String[] suffixes) {
        String lower = fileName.toLowerCase(Locale.ROOT);
        for (String suffix : suffixes) {
            if (lower.endsWith(suffix) && lower.length() > suffix.length()) {
                return true;
            }
        }
        return false;
    }
}
