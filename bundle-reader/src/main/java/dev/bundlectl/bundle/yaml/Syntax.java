package dev.bundlectl.bundle.yaml;

import java.util.Locale;

/** How a text is parsed: as a YAML stream of documents, or as a sequence of JSON values. */
public enum Syntax {
    YAML,
    JSON;

    /**
     * JSON for a name ending in {@code .json} (in any case), YAML for every other: by the name and
     * not by the first character, because a YAML flow mapping such as {@code {a: b}} is not JSON.
     */
    public static Syntax ofFileName(String fileName) {
        return fileName.toLowerCase(Locale.ROOT).endsWith(".json") ? JSON : YAML;
    }
}
