package dev.bundlectl.plan.capability;

import dev.bundlectl.bundle.SourceLocation;
import java.util.Objects;

/**
 * Where a capability request sits, so that diagnostics name the file, object and full field.
 *
 * @param location the file (or {@code command line})
 * @param object the object as {@code Kind/name} when the request sits in a whole document, else null
 * @param fieldPrefix the path to the request inside its document, e.g. {@code spec.capabilities.},
 *     or empty
 */
public record ConfigSource(SourceLocation location, String object, String fieldPrefix) {

    /** The location used for command-line flags. */
    public static final String COMMAND_LINE = "command line";

    public ConfigSource {
        Objects.requireNonNull(location, "location");
        fieldPrefix = fieldPrefix == null ? "" : fieldPrefix;
    }

    /** Command-line flags: field names are the flags themselves. */
    public static ConfigSource commandLine() {
        return new ConfigSource(SourceLocation.file(COMMAND_LINE), null, "");
    }

    /** A bare capabilities block that is the whole file. */
    public static ConfigSource file(String fileName) {
        return new ConfigSource(SourceLocation.file(fileName), null, "");
    }

    /** The full path of a field given relative to the request. */
    public String field(String relative) {
        return fieldPrefix + relative;
    }
}
