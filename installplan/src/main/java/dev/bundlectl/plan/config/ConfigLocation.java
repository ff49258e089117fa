package dev.bundlectl.plan.config;

import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.SourceLocation;
import dev.bundlectl.crdschema.FieldError;
import java.util.Objects;

/**
 * Where a configuration is written, so that a problem found in it names the place a person edits:
 * the file given with {@code --config}, a BundleInstall's {@code spec.config}, or the install record
 * that kept it.
 *
 * @param source the file, or what stands for one ({@code BundleInstall team-a/cachebox})
 * @param object the object in it as {@code Kind/name}, or null for a bare {@code SubscriptionConfig}
 * @param prefix the path of the configuration inside the object, with its trailing dot
 *     ({@code spec.config.}), or empty
 */
public record ConfigLocation(String source, String object, String prefix) {

    public ConfigLocation {
        Objects.requireNonNull(source, "source");
        prefix = prefix == null ? "" : prefix;
    }

    /** A bare {@code SubscriptionConfig} file. */
    public static ConfigLocation file(String file) {
        return new ConfigLocation(file, null, "");
    }

    /** The source as a diagnostic's location. */
    public SourceLocation location() {
        return SourceLocation.file(source);
    }

    /** The field {@code relative} (a path from the configuration's root) as written in the source. */
    public String field(String relative) {
        return relative.equals("<root>") ? (prefix.isEmpty() ? relative : prefix.substring(0, prefix.length() - 1))
                : prefix + relative;
    }

    /**
     * Adds {@code problem} (its field a path from the configuration's root) to {@code errors} as an
     * error naming this source, the object and the field as written here; the message is the API
     * server's, less the field.
     */
    public void report(FieldError problem, Diagnostics.Collector errors) {
        String text = problem.toString();
        errors.error(location(), object, field(problem.field()), text.substring(problem.field().length() + 2));
    }
}
