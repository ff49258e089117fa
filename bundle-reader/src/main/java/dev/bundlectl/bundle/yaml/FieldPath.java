package dev.bundlectl.bundle.yaml;

/**
 * Formats field paths for diagnostics: {@code spec.containers[0].name}, and
 * {@code metadata.annotations["olm.properties"]} for keys that are not plain identifiers.
 */
public final class FieldPath {

    private FieldPath() {
    }

    /** {@code parent.key}, or {@code parent["key"]} when the key holds dots or other punctuation. */
    public static String child(String parent, String key) {
        StringBuilder path = new StringBuilder(parent.length() + key.length() + 4).append(parent);
        appendKey(path, key);
        return path.toString();
    }

    /** {@code parent[index]}. */
    public static String element(String parent, int index) {
        return parent + "[" + index + "]";
    }

    /** Appends one mapping key to a path under construction, in the form {@link #child} uses. */
    public static void appendKey(StringBuilder path, String key) {
        if (isPlain(key)) {
            if (path.length() > 0) {
                path.append('.');
            }
            path.append(key);
        } else {
            path.append("[\"").append(key.replace("\"", "\\\"")).append("\"]");
        }
    }

    private static boolean isPlain(String key) {
        if (key.isEmpty()) {
            return false;
        }
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            boolean plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '_' || c == '-' || c == '$';
            if (!plain) {
                return false;
            }
        }
        return true;
    }
}
