package dev.bundlectl.plan.payload;

import dev.bundlectl.bundle.Manifest;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a payload file sits in the run-level graph, read from its base name with the
 * cluster-version operator's pattern {@code ^0000_(\d+)_([a-zA-Z0-9]+(-[a-zA-Z0-9]+)*?)_}:
 * {@code 0000_50_cluster-monitoring-operator_02-role.yaml} is run level {@code 50}, component
 * {@code cluster-monitoring-operator}.
 *
 * <p>A file without the prefix is placed where a release image would put it: release tooling
 * renames such a file {@code 0000_50_<image>_<file>} (see the corpus' payload-stats.md). bundlectl
 * has no image name, so the first directory under the payload root stands in for it (in a
 * payload laid out one directory per operator, that is the operator), and {@code .} for a file
 * directly in the root. So an unprefixed file is run level {@code 50}, in its directory's chain,
 * sorted as if it had been renamed.
 *
 * @param level the run level, compared as a string ({@code "05" < "10" < "9"})
 * @param component the component: the files of one component in one level run one after another
 * @param sortName the name the file sorts by within its component
 * @param prefixed whether the file name carries the prefix itself
 */
public record PayloadFileName(String level, String component, String sortName, boolean prefixed) {

    /** The CVO's run-level file-name pattern. */
    public static final Pattern PATTERN = Pattern.compile("^0000_(\\d+)_([a-zA-Z0-9]+(-[a-zA-Z0-9]+)*?)_");
    /** The run level given to files without the prefix, as release tooling does. */
    public static final String UNPREFIXED_LEVEL = "50";
    /** The component of unprefixed files directly in the payload root. */
    public static final String ROOT_COMPONENT = ".";

    public PayloadFileName {
        Objects.requireNonNull(level, "level");
        Objects.requireNonNull(component, "component");
        Objects.requireNonNull(sortName, "sortName");
    }

    /** The placement of the file a manifest came from ({@link Manifest#source()}, relative to the payload root). */
    public static PayloadFileName of(Manifest manifest) {
        return of(manifest.source().file());
    }

    /** The placement of a file given by its path relative to the payload root, with {@code /} separators. */
    public static PayloadFileName of(String relativePath) {
        int slash = relativePath.lastIndexOf('/');
        String baseName = relativePath.substring(slash + 1);
        Optional<PayloadFileName> prefixed = parse(baseName);
        if (prefixed.isPresent()) {
            return prefixed.get();
        }
        int firstSlash = relativePath.indexOf('/');
        String component = firstSlash < 0 ? ROOT_COMPONENT : relativePath.substring(0, firstSlash);
        return new PayloadFileName(UNPREFIXED_LEVEL, component,
                "0000_" + UNPREFIXED_LEVEL + "_" + component + "_" + baseName, false);
    }

    /** The level and component of a base name that carries the prefix, or empty. */
    public static Optional<PayloadFileName> parse(String baseName) {
        Matcher matcher = PATTERN.matcher(baseName);
        if (!matcher.find()) {
            return Optional.empty();
        }
        return Optional.of(new PayloadFileName(matcher.group(1), matcher.group(2), baseName, true));
    }
}
